import { accountMessages } from './account.messages';
import { aftersaleMessages } from './aftersale.messages';
import { disruptionMessages } from './disruption.messages';
import { pushMessages } from './push.schema';
import { privacyMessages } from './privacy.schema';
import { cargoMessages } from './cargo.messages';
import { culqiMessages } from './culqi.schema';
import { companyMessages } from './company.messages';
import { complaintMessages } from './complaint.messages';
import { requestMessages } from './request.messages';
import { salesMessages } from './sales.messages';
import { subscriptionMessages } from './subscription.messages';
import { tripMessages } from './trip.messages';
import { waitlistMessages } from './waitlist.schema';
import { priceAlertMessages } from './price-alert.schema';
import { seatBlockMessages } from './seat-block.schema';
import type { Language } from './language';

/**
 * Texts of the `validation` i18n namespace, shared by the browser (react-i18next) and the API
 * (answers in the caller's language): every domain's messages. The API answers with all of them;
 * in the browser, each package registers the domains its forms show (`addValidationMessages`),
 * so a page does not carry the texts of every other page's forms.
 */
export const validationMessages = {
  'es-PE': {
    ...complaintMessages['es-PE'],
    ...tripMessages['es-PE'],
    ...cargoMessages['es-PE'],
    ...companyMessages['es-PE'],
    ...subscriptionMessages['es-PE'],
    ...requestMessages['es-PE'],
    ...accountMessages['es-PE'],
    ...salesMessages['es-PE'],
    ...aftersaleMessages['es-PE'],
    ...disruptionMessages['es-PE'],
    ...pushMessages['es-PE'],
    ...privacyMessages['es-PE'],
    ...culqiMessages['es-PE'],
    ...waitlistMessages['es-PE'],
    ...priceAlertMessages['es-PE'],
    ...seatBlockMessages['es-PE'],
  },
  'en-EN': {
    ...complaintMessages['en-EN'],
    ...tripMessages['en-EN'],
    ...cargoMessages['en-EN'],
    ...companyMessages['en-EN'],
    ...subscriptionMessages['en-EN'],
    ...requestMessages['en-EN'],
    ...accountMessages['en-EN'],
    ...salesMessages['en-EN'],
    ...aftersaleMessages['en-EN'],
    ...disruptionMessages['en-EN'],
    ...pushMessages['en-EN'],
    ...privacyMessages['en-EN'],
    ...culqiMessages['en-EN'],
    ...waitlistMessages['en-EN'],
    ...priceAlertMessages['en-EN'],
    ...seatBlockMessages['en-EN'],
  },
} as const satisfies Record<Language, Record<string, string>>;

/** The messages of one or more domains, per language, as a package registers them. */
export type ValidationMessages = Record<Language, Record<string, string>>;

export type ValidationKey = keyof (typeof validationMessages)['es-PE'];

/** The text of a validation key in a language; unknown keys read as the generic message. */
export function validationText(language: Language, key: string): string {
  const table = validationMessages[language] as Record<string, string>;
  return table[key] ?? table['request.invalid']!;
}
