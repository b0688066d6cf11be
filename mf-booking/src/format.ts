import { dateTimeFormat, numberFormat } from '@rumbo/shared';
import { FARE_FIELDS, limaToday, type FareField, type Trip } from '@rumbo/shared/schemas';

const LIMA = 'America/Lima';

/** A price in soles as the site shows it: `S/ 120.00`, digits grouped for the language. */
export function formatPrice(amount: number, language: string): string {
  const digits = numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return `S/ ${digits}`;
}

/** An amount in integer céntimos (the sales API's money) as the site shows it. */
export function formatCentimos(centimos: number, language: string): string {
  return formatPrice(centimos / 100, language);
}

/** Time of day in Lima (24 h), whatever the device's time zone. */
export function limaTime(iso: string, language: string): string {
  return dateTimeFormat(language, { timeZone: LIMA, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** Calendar date in Lima, long form ("sábado, 28 de noviembre"). */
export function limaDate(iso: string, language: string): string {
  return dateTimeFormat(language, { timeZone: LIMA, weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(iso));
}

/** A search date (YYYY-MM-DD) in long form, read as a calendar day. */
export function dayLabel(date: string, language: string): string {
  return dateTimeFormat(language, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** The Lima calendar day (YYYY-MM-DD) of an instant. */
export function limaDay(iso: string): string {
  return limaToday(new Date(iso));
}

/** Hours and minutes of a duration in minutes. */
export function splitDuration(minutes: number): { h: number; m: number } {
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}

/** A fare field's seat class (140, 160, 180) and deck (1, 2). */
export function fareParts(field: FareField): { clase: number; piso: number; individual: boolean } {
  const match = /^edd_calc_(\d+)_p(\d)(_individual)?$/.exec(field)!;
  return { clase: Number(match[1]), piso: Number(match[2]), individual: Boolean(match[3]) };
}

/** The trip's fares that exist (positive), in FARE_FIELDS order. */
export function faresOf(trip: Trip): { field: FareField; precio: number; clase: number; piso: number; individual: boolean }[] {
  return FARE_FIELDS.flatMap((field) => {
    const precio = trip[field];
    return typeof precio === 'number' && precio > 0 ? [{ field, precio, ...fareParts(field) }] : [];
  });
}

/** The seat classes a trip sells, ascending. */
export function classesOf(trip: Trip): number[] {
  return [...new Set(faresOf(trip).map((fare) => fare.clase))].sort((a, b) => a - b);
}

/**
 * The "from" price (spec §9): `nprecio_desde`, else the lowest positive category price field;
 * undefined when the trip has neither.
 */
export function fromPrice(trip: Trip): number | undefined {
  if (typeof trip.nprecio_desde === 'number' && trip.nprecio_desde > 0) return trip.nprecio_desde;
  const prices = faresOf(trip).map((fare) => fare.precio);
  return prices.length ? Math.min(...prices) : undefined;
}

/**
 * Builds the price and Lima date/time formatters of `language` ahead, in a task of their own while a
 * page waits for the server's answer: the first formatter of a page costs tens of milliseconds
 * (the browser loads its locale data), better spent while waiting than in the render that shows
 * the answer. Answers the cancelling function.
 */
export function prepareFormats(language: string): () => void {
  const prepare = () => {
    const now = new Date().toISOString();
    formatPrice(0, language);
    limaDate(now, language);
    limaTime(now, language);
  };
  const timer = setTimeout(prepare, 0);
  return () => clearTimeout(timer);
}
