import { bundledSpanish, type PackageTexts } from '@rumbo/shared';
import { subscriptionMessages } from '@rumbo/shared/schemas';
import es from './locales.es-PE.json';

/** Texts of the shell (namespace `shell`): `locales.es-PE.json`, English in `locales.en-EN.json` with the same keys. */
export type Texts = typeof es;

export const shellTexts = bundledSpanish(es, () => import(/* webpackChunkName: "texts-en" */ './locales.en-EN.json').then((module) => module.default));

/** What the shell registers: its texts, and the messages of its footer's subscription form. */
export const shellPackageTexts: PackageTexts = { ns: 'shell', translations: shellTexts, messages: [subscriptionMessages] };
