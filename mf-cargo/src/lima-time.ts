import { dateTimeFormat, numberFormat } from '@rumbo/shared';

/** A moment as date and time in Lima, in the reader's language. */
export function limaDateTime(iso: string, language: string): string {
  return dateTimeFormat(language === 'en-EN' ? 'en-GB' : 'es-PE', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'America/Lima',
  }).format(new Date(iso));
}

/** Soles, in the reader's language. */
export function soles(amount: number, language: string): string {
  return numberFormat(language === 'en-EN' ? 'en-PE' : 'es-PE', { style: 'currency', currency: 'PEN' }).format(amount);
}
