/**
 * The one way the site (every remote) and the API (mails, PDFs) show money and Lima time.
 * Pure (no DOM, no React): the API imports it from `@rumbo/shared/schemas`.
 *
 * Intl formatters are made once per locale and options and then reused: building one costs far
 * more than formatting with it (locale data is looked up and compiled each time).
 */
import { clock } from '../clock';

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<F>(cache: Map<string, F>, locale: string, options: object, make: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** `new Intl.DateTimeFormat(locale, options)`, made once. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** `new Intl.NumberFormat(locale, options)`, made once. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

/** The operator's time zone: dates and times of trips, sheets, deadlines are Lima's. */
export const LIMA_TIME_ZONE = 'America/Lima';

/**
 * The Intl locale of a site language: "en-EN" names no real region, so English reads dates
 * day-month as in Peru (en-GB); anything else is Peruvian Spanish.
 */
export function intlLocale(language: string): string {
  return language.startsWith('en') ? 'en-GB' : 'es-PE';
}

/**
 * A price in soles as the site shows it in both languages: `S/ 1,234.50` (the sol's own symbol,
 * never "PEN"; two decimals; thousands grouped as in Peru).
 */
export function formatSoles(amount: number, language: string): string {
  const digits = numberFormat(intlLocale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true }).format(amount);
  return `S/ ${digits}`;
}

/** An amount in integer céntimos (the sales API's money) as `formatSoles` shows it. */
export function formatCentimos(centimos: number, language: string): string {
  return formatSoles(centimos / 100, language);
}

/** Soles (the trips' fares, `precio`) → integer céntimos (the sales API's money), rounded to the céntimo. */
export function toCentimos(soles: number): number {
  return Math.round(soles * 100);
}

/** Lima's offset from UTC: Peru has kept UTC−5 all year since 1994. */
export const LIMA_UTC_OFFSET = '-05:00';
const LIMA_OFFSET_MS = -5 * 60 * 60 * 1000;

/** Lima's wall clock at `date`, `2026-03-01T09:30:00` (no offset written), without a time-zone database. */
export function limaWallClock(date: Date): string {
  return new Date(date.getTime() + LIMA_OFFSET_MS).toISOString().slice(0, 19);
}

/** `2026-03-01T09:30:00-05:00`: an instant written in Lima time (ISO 8601 with its offset). */
export function limaAtom(date: Date): string {
  return `${limaWallClock(date)}${LIMA_UTC_OFFSET}`;
}

/** The Lima calendar day (YYYY-MM-DD) of `now` (today by the clock in force by default), whatever the device's time zone. */
export function limaToday(now: Date = clock.now()): string {
  return limaWallClock(now).slice(0, 10);
}

/** A calendar day YYYY-MM-DD as dd/mm/yyyy (the complaint sheet's `fecha_actual`, spec §3). */
export function dayToDmy(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

const instant = (iso: string | Date) => (iso instanceof Date ? iso : new Date(iso));

/**
 * Time of day in Lima, 24 h (`15:10`), the same in both languages. From Lima's fixed offset, not
 * `Intl`: a formatter's first use loads the browser's locale data (~45 ms of a phone's main
 * thread), and a server-rendered frame writes its trip's times before any other code runs.
 */
export function limaTime(iso: string | Date, _language?: string): string {
  return limaWallClock(instant(iso)).slice(11, 16);
}

/** Calendar date in Lima with its weekday ("sábado, 28 de noviembre"). */
export function limaDate(iso: string | Date, language: string): string {
  return dateTimeFormat(intlLocale(language), { timeZone: LIMA_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' }).format(instant(iso));
}

/** Date and time in Lima, in full ("28 de noviembre de 2026, 15:10"). */
export function limaDateTime(iso: string | Date, language: string): string {
  const date = instant(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return dateTimeFormat(intlLocale(language), {
    timeZone: LIMA_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** A calendar day (YYYY-MM-DD) in long form; a calendar day has no time zone. */
export function formatDay(day: string, language: string, withWeekday = false): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return day;
  return dateTimeFormat(intlLocale(language), { timeZone: 'UTC', ...(withWeekday ? { weekday: 'long' } : {}), day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** A calendar day YYYY-MM-DD in short ("sáb. 12 dic." / "Sat 12 Dec"): the fare calendar's days. */
export function formatShortDay(day: string, language: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return day;
  return dateTimeFormat(intlLocale(language), { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(date);
}

/**
 * A day that is on the calendar, written YYYY-MM-DD: `2026-02-30` and `2026-11-31` have the shape
 * but no day (valibot's `isoDate` checks the shape only; PostgreSQL refuses them with a 500).
 */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** `date` (YYYY-MM-DD) plus `days`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
