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

/**
 * The language to start in: an address's `idioma` (the installed app's start URL is in the
 * language of the reader who installed it, issue 36), else the stored one, else es-PE.
 */
export function startLanguage(search: string, stored: string | null | undefined): Language {
  const known = (value: string | null | undefined): value is Language => !!value && (LANGUAGES as readonly string[]).includes(value);
  const asked = new URLSearchParams(search).get('idioma');
  if (known(asked)) return asked;
  return known(stored) ? stored : DEFAULT_LANGUAGE;
}
