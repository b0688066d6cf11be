import { bundledSpanish, type PackageTexts } from '@rumbo/shared';
import { companyMessages, subscriptionMessages } from '@rumbo/shared/schemas';
import esPE from './locales.es-PE.json';

/** Texts of the `content` namespace: home, information pages, agencies, promotions, corporate, destinations (`locales.es-PE.json`, English in `locales.en-EN.json` with the same keys). */
export type Texts = typeof esPE;

export const contentTexts = bundledSpanish(esPE, () => import(/* webpackChunkName: "texts-en" */ './locales.en-EN.json').then((module) => module.default));

/** What the remote registers: its texts, and the `validation` messages of its forms (corporate, subscription). */
export const contentPackageTexts: PackageTexts = {
  ns: 'content',
  translations: contentTexts,
  messages: [companyMessages, subscriptionMessages],
};
