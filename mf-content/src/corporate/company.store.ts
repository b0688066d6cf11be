import { CompanySchema, isValidRuc } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import * as v from 'valibot';
import { lookUpCompany, registerCompany, type CompanyReceipt } from '../content.resource';
import { firstIssues, fromError, type FormMessage } from '@rumbo/shared';

export const COMPANY_FIELDS = ['ruc', 'razon_social', 'contacto', 'correo', 'telefono', 'mensaje'] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];

/**
 * The corporate form: a complete, valid RUC is looked up (`/rest/juridica/buscar`) and its
 * business name filled in; an unknown RUC lets the company type it. Sent to `/rest/juridica/registrar`.
 */
export class CompanyStore {
  values: Record<CompanyField, string> = { ruc: '', razon_social: '', contacto: '', correo: '', telefono: '', mensaje: '' };
  errors: Partial<Record<CompanyField, FormMessage>> = {};
  formError: FormMessage | undefined = undefined;
  lookingUp = false;
  /** The business name came from the look-up. */
  found = false;
  loading = false;
  receipt: (CompanyReceipt & { correo: string }) | undefined = undefined;
  focus: CompanyField | undefined = undefined;
  private lookedUp = '';

  constructor(private readonly api = { lookUp: lookUpCompany, register: registerCompany }) {
    makeAutoObservable(this);
  }

  set(field: CompanyField, value: string) {
    this.values[field] = value;
    delete this.errors[field];
    if (field === 'ruc') void this.lookUp();
  }

  takeFocus(): CompanyField | undefined {
    const field = this.focus;
    this.focus = undefined;
    return field;
  }

  async lookUp(): Promise<void> {
    const ruc = this.values.ruc.trim();
    if (ruc === this.lookedUp) return;
    if (this.found) {
      this.found = false;
      this.values.razon_social = '';
    }
    this.lookedUp = ruc;
    if (!isValidRuc(ruc)) return;
    this.lookingUp = true;
    try {
      const company = await this.api.lookUp(ruc);
      runInAction(() => {
        if (company && this.values.ruc.trim() === ruc) {
          this.values.razon_social = company.razon_social;
          this.found = true;
          delete this.errors.razon_social;
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

  async submit(): Promise<void> {
    this.formError = undefined;
    const parsed = v.safeParse(CompanySchema, this.values);
    if (!parsed.success) {
      this.errors = firstIssues(parsed.issues);
      this.focus = COMPANY_FIELDS.find((field) => this.errors[field]);
      return;
    }
    this.errors = {};
    this.loading = true;
    try {
      const receipt = await this.api.register(parsed.output);
      runInAction(() => {
        if (receipt) this.receipt = { ...receipt, correo: parsed.output.correo };
        else this.formError = { key: 'request.failed' };
      });
    } catch (error) {
      runInAction(() => {
        const { field, message } = fromError(error);
        if (field && (COMPANY_FIELDS as readonly string[]).includes(field)) {
          this.errors[field as CompanyField] = message;
          this.focus = field as CompanyField;
        } else this.formError = message;
      });
    } finally {
      runInAction(() => {
        this.loading = false;
      });
    }
  }
}
