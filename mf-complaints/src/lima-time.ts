import type { Language } from '@rumbo/shared';

/** Sheets are dated in Lima, whatever the browser's own time zone. */
export const LIMA = 'America/Lima';

/** Intl locale of each site language ("en-EN" names no real region; day-month order as in Peru). */
const INTL_LOCALE: Record<Language, string> = { 'es-PE': 'es-PE', 'en-EN': 'en-GB' };

/** Today's date in Lima as dd/mm/yyyy (`fecha_actual`, spec §3). */
export function limaToday(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: LIMA, day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')}`;
}

/** A filing instant (ISO 8601 with offset) as Lima date and time in the reader's language. */
export function formatFiled(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(INTL_LOCALE[language], { dateStyle: 'long', timeStyle: 'short', timeZone: LIMA }).format(date);
}

/** A calendar date (YYYY-MM-DD) in the reader's language; a calendar date has no time zone. */
export function formatDay(day: string, language: Language): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(INTL_LOCALE[language], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
