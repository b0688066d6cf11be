import { FormState } from '@rumbo/shared';
import { GuestSchema, isValidRuc, ReservationSchema, type Buyer } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import * as v from 'valibot';
import type * as sales from '../sales.resource';

export const BUYER_FIELDS = ['nombre', 'email', 'comprobante', 'ruc', 'razon_social'] as const;
export type BuyerField = (typeof BUYER_FIELDS)[number];
export type BuyerValues = Record<BuyerField, string>;

export interface BuyerApi {
  findCompany: typeof sales.findCompany;
  introduceGuest: typeof sales.introduceGuest;
}

/**
 * Step 3's buyer and the terms, checked with the reservation's shared `ReservationSchema` (the
 * buyer is its `comprador`); a guest's e-mail introduces them, a RUC fills its business name.
 */
export class BuyerForm {
  readonly form = new FormState<BuyerValues & { terminos: boolean }>(
    { nombre: '', email: '', comprobante: 'boleta', ruc: '', razon_social: '', terminos: false },
    { prefix: 'comprador' },
  );
  rucLookup: 'idle' | 'searching' | 'found' | 'unknown' = 'idle';
  /** The guest's e-mail has an account: suggest signing in. */
  hasAccount = false;
  private rucSearched = '';
  private guestChecked = '';

  constructor(
    private readonly api: BuyerApi,
    private readonly isGuest: () => boolean,
  ) {
    makeAutoObservable<BuyerForm, 'api' | 'isGuest' | 'rucSearched' | 'guestChecked'>(this, {
      form: false,
      api: false,
      isGuest: false,
      rucSearched: false,
      guestChecked: false,
    });
  }

  get values(): BuyerValues & { terminos: boolean } {
    return this.form.values;
  }

  set(field: BuyerField, value: string): void {
    this.form.set(field, value);
    if (field === 'email') this.hasAccount = false;
    if (field === 'ruc') void this.lookUpCompany();
  }

  setTerms(accepted: boolean): void {
    this.form.set('terminos', accepted);
  }

  /** A complete, valid RUC fills the business name from `companiesEndpoints.company`; an unknown one is typed. */
  async lookUpCompany(): Promise<void> {
    const ruc = this.values.ruc.trim();
    if (ruc === this.rucSearched) return;
    this.rucSearched = ruc;
    if (this.rucLookup === 'found') this.values.razon_social = '';
    this.rucLookup = 'idle';
    if (!isValidRuc(ruc)) return;
    this.rucLookup = 'searching';
    let company: sales.Company | undefined;
    try {
      company = await this.api.findCompany(ruc);
    } catch {
      company = undefined;
    }
    runInAction(() => {
      if (this.values.ruc.trim() !== ruc) return;
      if (company) this.form.set('razon_social', company.razon_social);
      this.rucLookup = company ? 'found' : 'unknown';
    });
  }

  /** A guest's e-mail: `salesEndpoints.guest` introduces them and tells whether the address has an account. */
  async checkGuest(): Promise<boolean> {
    if (!this.isGuest()) return true;
    const parsed = v.safeParse(GuestSchema, { nombre: this.values.nombre, email: this.values.email });
    if (!parsed.success) return false;
    const key = `${parsed.output.nombre}\n${parsed.output.email}`;
    if (key === this.guestChecked) return true;
    const answer = await this.api.introduceGuest(parsed.output);
    if (!answer) return false;
    runInAction(() => {
      this.guestChecked = key;
      this.hasAccount = answer.tiene_cuenta;
    });
    return true;
  }

  /** Checks the buyer and the terms for purchase `clave`: the parsed buyer, or undefined (messages set). */
  check(clave: string): Buyer | undefined {
    const { nombre, email, comprobante, ruc, razon_social, terminos } = this.values;
    const comprador = { nombre, email, comprobante, ...(comprobante === 'factura' ? { ruc, razon_social } : {}) };
    const checked = this.form.check(ReservationSchema, { clave_bloqueo: clave, comprador, terminos });
    return checked.ok ? checked.value.comprador : undefined;
  }
}
