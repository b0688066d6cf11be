import { bundledSpanish, type PackageTexts } from '@rumbo/shared';
import { complaintLabels, complaintMessages, type Language } from '@rumbo/shared/schemas';
import esTexts from './locales.es-PE.json';

type OwnTexts = typeof esTexts;

/**
 * The page's texts with the names of the complaint's codes (type and reason), which the API also
 * prints on the consumer's copy and which are therefore written once, in `complaintLabels`.
 */
function withLabels(texts: OwnTexts, language: Language) {
  const labels = complaintLabels[language];
  return {
    ...texts,
    types: {
      '1': { ...texts.types['1'], name: labels.types['1'] },
      '2': { ...texts.types['2'], name: labels.types['2'] },
    },
    motivo: { ...texts.motivo, ...labels.reasons },
  };
}

/**
 * Texts of the `complaints` namespace (`locales.es-PE.json`, English in `locales.en-EN.json` with
 * the same keys). Validation messages live in the shared `validation` namespace (the schema's
 * keys); everything else the page shows is here.
 */
const esPE = withLabels(esTexts, 'es-PE');

export type Texts = typeof esPE;

export const complaintsTexts = bundledSpanish(esPE, () =>
  import(/* webpackChunkName: "texts-en" */ './locales.en-EN.json').then((module) => withLabels(module.default, 'en-EN')),
);

/** What the remote registers: its texts, and the `validation` messages of its forms. */
export const complaintsPackageTexts: PackageTexts = { ns: 'complaints', translations: complaintsTexts, messages: [complaintMessages] };
