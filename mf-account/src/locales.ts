import { bundledSpanish, type PackageTexts } from '@rumbo/shared';
import { validationMessages } from '@rumbo/shared/schemas';
import esPE from './locales.es-PE.json';

/**
 * Texts of the `account` namespace (`locales.es-PE.json`, English in `locales.en-EN.json` with the
 * same keys). Validation and server messages live in the shared `validation` namespace (the
 * schemas' keys); everything else the account screens show is here.
 */
export type Texts = typeof esPE;

export const accountTexts = bundledSpanish(esPE, () => import(/* webpackChunkName: "texts-en" */ './locales.en-EN.json').then((module) => module.default));

/**
 * What the remote registers: its texts, and the `validation` messages of its forms: all of them
 * (accounts, trips and after-sales answer with codes of many domains).
 */
export const accountPackageTexts: PackageTexts = { ns: 'account', translations: accountTexts, messages: [validationMessages] };
