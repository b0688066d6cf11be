import { bundledSpanish, type PackageTexts } from '@rumbo/shared';
import { tripMessages } from '@rumbo/shared/schemas';
import esPE from './locales.es-PE.json';

/**
 * The search widget's texts (namespace `bookingSearch`, `locales.es-PE.json` and English in
 * `locales.en-EN.json` with the same keys), apart from the rest of the purchase's: the widget is
 * also a parcel on the home and destination pages, which then carry only these.
 */
export type Texts = typeof esPE;

export const searchTexts = bundledSpanish(esPE, () => import(/* webpackChunkName: "search-texts-en" */ './locales.en-EN.json').then((module) => module.default));

/** What the search parcel registers: its texts, and the messages of its form. */
export const searchPackageTexts: PackageTexts = { ns: 'bookingSearch', translations: searchTexts, messages: [tripMessages] };
