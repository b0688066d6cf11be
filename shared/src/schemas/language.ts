/** The site's languages (spec: es-PE by default, en-EN). */
export type Language = 'es-PE' | 'en-EN';
export const LANGUAGES = ['es-PE', 'en-EN'] as const satisfies readonly Language[];
export const DEFAULT_LANGUAGE: Language = 'es-PE';

/** The supported language a request or a stored choice names, else the default (es-PE). */
export function toLanguage(value: string | null | undefined): Language {
  if (!value) return DEFAULT_LANGUAGE;
  const lower = value.toLowerCase();
  return lower.startsWith('en') ? 'en-EN' : DEFAULT_LANGUAGE;
}
