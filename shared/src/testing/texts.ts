import type { Language, LanguageTexts } from '../i18n';

/** Every text of a resource as `[key path, text]` (`a.b.0.c` for arrays). */
function textEntries(texts: object, prefix = ''): [string, string][] {
  return Object.entries(texts).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : textEntries(value as object, `${prefix}${key}.`),
  );
}

/**
 * How a package's two languages differ: keys only in Spanish, keys only in English, and empty
 * texts. English is loaded through the package's own loader, as the site loads it.
 * `expect(await textDifferences(cargoTexts)).toEqual(NO_TEXT_DIFFERENCES)`.
 */
export async function textDifferences(translations: Record<Language, LanguageTexts>) {
  const load = async (texts: LanguageTexts) => (typeof texts === 'function' ? texts() : texts);
  const spanish = textEntries(await load(translations['es-PE']));
  const english = textEntries(await load(translations['en-EN']));
  const keys = (entries: [string, string][]) => new Set(entries.map(([key]) => key));
  const [es, en] = [keys(spanish), keys(english)];
  return {
    onlySpanish: [...es].filter((key) => !en.has(key)),
    onlyEnglish: [...en].filter((key) => !es.has(key)),
    empty: [...spanish, ...english].filter(([, text]) => text.trim() === '').map(([key]) => key),
  };
}

export const NO_TEXT_DIFFERENCES = { onlySpanish: [], onlyEnglish: [], empty: [] };
