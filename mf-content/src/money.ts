import { numberFormat } from '@rumbo/shared';

/** Soles, in the reader's language. */
export function soles(amount: number, language: string): string {
  return numberFormat(language === 'en-EN' ? 'en-PE' : 'es-PE', { style: 'currency', currency: 'PEN' }).format(amount);
}

/** A duration in minutes as hours and minutes (`16 h 30 min`). */
export function duration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}
