import type { FormMessage } from '@rumbo/shared';
import { BUYER_FIELDS, type BuyerForm } from './buyer.form';
import { LAP_FIELDS, PASSENGER_FIELDS, type PassengerForm } from './passenger.form';
import type { PriceStore } from './price.store';

/** DOM id of a control of the payment form (its name too: the summary's links and the focus find it by either). */
export const controlId = (scope: string, field: string) => `${scope}-${field}`;
export const passengerScope = (index: number) => `p${index + 1}`;

/** A message of the error summary: the control it is about (DOM id) and who it concerns. */
export interface SummaryItem {
  target: string;
  message: FormMessage;
  /** The passenger's number (1-based), when the message is about a passenger. */
  passenger?: number;
  /** The message is about the buyer. */
  buyer?: boolean;
}

/** The error summary's entries of each of step 3's forms, in the page's order of its fields. */
export const summaryOf = {
  passenger(form: PassengerForm): SummaryItem[] {
    const scope = passengerScope(form.index);
    const lap = ['infante', ...LAP_FIELDS, 'autorizacion_notarial'].map((field) => `infante.${field}` as const);
    return [...PASSENGER_FIELDS, 'responsable' as const, 'parentesco' as const, 'autorizacion_notarial' as const, ...lap].flatMap((field) => {
      const message = form.fieldError(field);
      // A lap child's control: `p1-infante-numero` (the box that says one is carried: `p1-infante`).
      const control = field === 'infante.infante' ? 'infante' : field.replace('.', '-');
      return message ? [{ target: controlId(scope, control), message, passenger: form.index + 1 }] : [];
    });
  },

  buyer(buyer: BuyerForm): SummaryItem[] {
    const items: SummaryItem[] = BUYER_FIELDS.flatMap((field) => {
      const message = buyer.form.fieldError(field);
      return message ? [{ target: controlId('buyer', field), message, buyer: true }] : [];
    });
    const terms = buyer.form.fieldError('terminos');
    return terms ? [...items, { target: 'terms', message: terms }] : items;
  },

  coupon(price: PriceStore): SummaryItem[] {
    const message = price.coupon.fieldError('cupon');
    return message ? [{ target: controlId('coupon', 'cupon'), message }] : [];
  },

  /** Whether a message is about a field the buyer's part of the page shows (the terms are). */
  buyerField(field: string | undefined): boolean {
    return field === 'terminos' || (BUYER_FIELDS as readonly (string | undefined)[]).includes(field);
  },
};
