import { bundledSpanish, type PackageTexts } from '@rumbo/shared';
import { cargoMessages } from '@rumbo/shared/schemas';
import esPE from './locales.es-PE.json';

/** Texts of the `cargo` namespace: the cargo service, tracking and the cargo clauses (`locales.es-PE.json`, English in `locales.en-EN.json` with the same keys). */
export type Texts = typeof esPE;

export const cargoTexts = bundledSpanish(esPE, () => import(/* webpackChunkName: "texts-en" */ './locales.en-EN.json').then((module) => module.default));

/** What the remote registers: its texts, and the `validation` messages of its forms. */
export const cargoPackageTexts: PackageTexts = { ns: 'cargo', translations: cargoTexts, messages: [cargoMessages] };
