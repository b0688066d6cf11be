import type { BuyerValues } from './buyer.form';
import type { GuardianValues, PassengerForm, PassengerValues } from './passenger.form';
import type { PriceStore } from './price.store';
import type { BuyerForm } from './buyer.form';

/** Step 3's forms, as the draft keeps and gives them back. */
interface PaymentForms {
  passengers: PassengerForm[];
  buyer: BuyerForm;
  price: PriceStore;
}

/**
 * What the customer typed on step 3 when the holds ran out, kept in memory (never in storage: it is
 * personal data) for this tab while the remote is loaded: step 3 opened again with new seats
 * starts from it (WCAG 2.2.1: the customer picks the seats again without typing everything again).
 */
interface PaymentDraft {
  passengers: { values: PassengerValues; guardian: GuardianValues }[];
  buyer: BuyerValues;
  cupon: string;
}
let kept: PaymentDraft | undefined;

export const draft = {
  keep({ passengers, buyer, price }: PaymentForms): void {
    const { terminos: _terminos, ...buyerValues } = buyer.values;
    kept = {
      passengers: passengers.map((form) => ({ values: { ...form.values }, guardian: { ...form.guardian.values } })),
      buyer: buyerValues,
      cupon: price.cupon,
    };
  },

  /** Step 3 opened again after its holds ran out: what the customer had typed. */
  restore({ passengers, buyer, price }: PaymentForms): void {
    if (!kept) return;
    kept.passengers.forEach((passenger, i) => {
      const form = passengers[i];
      if (!form) return;
      form.form.reset(passenger.values);
      form.guardian.reset(passenger.guardian);
    });
    buyer.form.reset({ ...buyer.values, ...kept.buyer });
    price.coupon.reset({ cupon: kept.cupon });
  },

  forget(): void {
    kept = undefined;
  },
};
