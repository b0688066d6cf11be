import { FormState, type FocusTarget } from '@rumbo/shared';
import { CompanySchema, isValidRuc } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import { lookUpCompany, registerCompany, type CompanyReceipt } from '../content.resource';

export const COMPANY_FIELDS = ['ruc', 'razon_social', 'contacto', 'correo', 'telefono', 'mensaje'] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];

/**
 * The corporate form: a complete, valid RUC is looked up (`companiesEndpoints.company`) and its
 * business name filled in; an unknown RUC lets the company type it. Sent to `companyRequest`.
 */
export class CompanyStore {
  readonly form = new FormState<Record<CompanyField, string>>({ ruc: '', razon_social: '', contacto: '', correo: '', telefono: '', mensaje: '' });
  lookingUp = false;
  /** The business name came from the look-up. */
  found = false;
  receipt: (CompanyReceipt & { correo: string }) | undefined = undefined;
  private lookedUp = '';

  constructor(private readonly api = { lookUp: lookUpCompany, register: registerCompany }) {
    makeAutoObservable<CompanyStore, 'api' | 'lookedUp'>(this, { form: false, api: false, lookedUp: false });
  }

  set(field: CompanyField, value: string) {
    this.form.set(field, value);
    if (field === 'ruc') void this.lookUp();
  }

  async lookUp(): Promise<void> {
    const ruc = this.form.values.ruc.trim();
    if (ruc === this.lookedUp) return;
    if (this.found) {
      this.found = false;
      this.form.set('razon_social', '');
    }
    this.lookedUp = ruc;
    if (!isValidRuc(ruc)) return;
    this.lookingUp = true;
    try {
      const company = await this.api.lookUp(ruc);
      runInAction(() => {
        if (company && this.form.values.ruc.trim() === ruc) {
          this.form.set('razon_social', company.razon_social);
          this.found = true;
        }
      });
    } catch {
      // Unknown RUC (404): the company types its business name.
    } finally {
      runInAction(() => {
        this.lookingUp = false;
      });
    }
  }

  /** Sends the request; where the focus goes when it was not sent (a field, or the alert). */
  async submit(): Promise<FocusTarget | undefined> {
    const sent = await this.form.submit(CompanySchema, (company) => this.api.register(company).then((receipt) => receipt && { ...receipt, correo: company.correo }));
    return runInAction(() => {
      if (!sent.ok) return sent.focus;
      this.receipt = sent.value;
      return undefined;
    });
  }
}
