import { bundledSpanish, type PackageTexts } from '@rumbo/shared';
import { validationMessages } from '@rumbo/shared/schemas';
import aftersale from './aftersale/locales.es-PE.json';
import booking from './locales.es-PE.json';
import payment from './payment/locales.es-PE.json';
import reservation from './reservation/locales.es-PE.json';

/**
 * Texts of the `booking` namespace (steps 1–3, the reservation page, after the sale), same keys in
 * both languages; the search widget's are apart (`search/`). Validation and server messages live in
 * the shared `validation` namespace. Step 3's (`payment`), the reservation page's (`reservation`)
 * and the after-sale pages' texts (`recovery`, `aftersale`, `postpone`, `declaration`) are in their
 * folders' `locales.es-PE.json` and `locales.en-EN.json`; the rest in this folder's.
 */
const esPE = { ...booking, ...payment, ...reservation, ...aftersale };

export type Texts = typeof esPE;

/** English: the four files in one chunk of their own, fetched when first needed. */
async function english(): Promise<Texts> {
  const [own, folderPayment, folderReservation, folderAftersale] = await Promise.all([
    import(/* webpackChunkName: "texts-en" */ './locales.en-EN.json'),
    import(/* webpackChunkName: "texts-en" */ './payment/locales.en-EN.json'),
    import(/* webpackChunkName: "texts-en" */ './reservation/locales.en-EN.json'),
    import(/* webpackChunkName: "texts-en" */ './aftersale/locales.en-EN.json'),
  ]);
  return { ...own.default, ...folderPayment.default, ...folderReservation.default, ...folderAftersale.default };
}

export const bookingTexts = bundledSpanish(esPE, english);

/**
 * What the remote registers: its texts, and the `validation` messages of its forms: all of them
 * (search, seats, payment and after-sales answer with codes of many domains).
 */
export const bookingPackageTexts: PackageTexts = { ns: 'booking', translations: bookingTexts, messages: [validationMessages] };
