import { FARE_FIELDS, fareParts, formatCentimos, formatDay, formatSoles, fromPrice, limaDate, limaTime, limaToday, type FareField, type Trip } from '@rumbo/shared/schemas';

/**
 * Money and Lima time are shared's one way (`@rumbo/shared/schemas`, format.ts): prices read
 * `S/ 1,234.50` in both languages, times are Lima's.
 */
export { formatSoles as formatPrice, formatCentimos, limaDate, limaTime };

/** A search date (YYYY-MM-DD) in long form with its weekday, read as a calendar day. */
export function dayLabel(date: string, language: string): string {
  return formatDay(date, language, true);
}

/** The Lima calendar day (YYYY-MM-DD) of an instant. */
export function limaDay(iso: string): string {
  return limaToday(new Date(iso));
}

/** Hours and minutes of a duration in minutes. */
export function splitDuration(minutes: number): { h: number; m: number } {
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}

/** A fare field's seat class, deck and single-seat mark: the one rule of `shared`. */
export { fareParts };

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

/** The "from" price: the one rule of `shared` (browser and server alike). */
export { fromPrice };

/**
 * Builds the price and Lima date/time formatters of `language` ahead, in a task of their own while a
 * page waits for the server's answer: the first formatter of a page costs tens of milliseconds
 * (the browser loads its locale data), better spent while waiting than in the render that shows
 * the answer. Answers the cancelling function.
 */
export function prepareFormats(language: string): () => void {
  const prepare = () => {
    const now = new Date().toISOString();
    formatSoles(0, language);
    limaDate(now, language);
    limaTime(now, language);
  };
  const timer = setTimeout(prepare, 0);
  return () => clearTimeout(timer);
}
