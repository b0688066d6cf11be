import { FormState, type FocusTarget, type FormMessage } from '@rumbo/shared';
import { AccountLookupSchema, DocumentCheckSchema, SignUpSchema, type AccountLookup } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import * as v from 'valibot';
import * as resource from './account.resource';
import { ACCOUNT_FORM } from './account-form';
import { BLANK_IDENTITY } from './identity-fields';

export interface SignUpDeps {
  signUp: typeof resource.signUp;
  lookupAccount: (correo: string) => Promise<AccountLookup | undefined>;
  checkDocument: (tipo_doc: string, num_doc: string) => Promise<{ disponible: boolean } | undefined>;
  confirmEmail: (token: string) => Promise<{ correo: string } | undefined>;
  confirmCopyEmail: (token: string) => Promise<{ correo_cc: string } | undefined>;
}

/** What a link confirms: the account's address (sign-up), or a CC address (`?confirmar_cc=`, issue 15). */
export type ConfirmKind = 'cuenta' | 'cc';
export type ConfirmState = { kind: ConfirmKind } & ({ state: 'confirming' } | { state: 'confirmed'; correo: string } | { state: 'failed'; message: FormMessage });

/** `/cuenta/registro`: the sign-up form, and the confirmation link that comes back to it (`?confirmar=`). */
export class SignUpStore {
  readonly form = new FormState({ ...BLANK_IDENTITY, correo: '', clave: '', terminos: false as boolean }, ACCOUNT_FORM);
  /** The address the confirmation link was sent to. */
  sentTo: string | null = null;
  /** `accountLookup` said the typed address already has an account. */
  existingEmail: string | null = null;
  confirmation: ConfirmState | null = null;
  private readonly deps: SignUpDeps;

  constructor(deps: Partial<SignUpDeps> = {}) {
    this.deps = { ...resource, ...deps };
    makeAutoObservable<SignUpStore, 'deps'>(this, { deps: false });
  }

  async checkEmail(): Promise<void> {
    const parsed = v.safeParse(AccountLookupSchema, { correo: this.form.values.correo });
    if (!parsed.success) return;
    const found = await this.deps.lookupAccount(parsed.output.correo).catch(() => undefined);
    runInAction(() => {
      this.existingEmail = found?.existe ? parsed.output.correo : null;
    });
  }

  /** Says at once when the document already has an account. */
  async checkDocument(): Promise<void> {
    const parsed = v.safeParse(DocumentCheckSchema, this.form.values);
    if (!parsed.success) return;
    const answer = await this.deps.checkDocument(String(parsed.output.tipo_doc), parsed.output.num_doc).catch(() => undefined);
    runInAction(() => {
      const others = this.form.errors.filter((error) => error.key !== 'validation:account.num_doc.taken');
      this.form.errors = answer && !answer.disponible ? [...others, { field: 'num_doc', key: 'validation:account.num_doc.taken' }] : others;
    });
  }

  async submit(): Promise<FocusTarget | undefined> {
    const checked = this.form.check(SignUpSchema);
    if (!checked.ok) return checked.focus;
    const sent = await this.form.send(() => this.deps.signUp({ ...this.form.values }));
    if (!sent.ok) return sent.focus;
    runInAction(() => {
      this.sentTo = checked.value.correo;
    });
    return undefined;
  }

  async confirm(token: string, kind: ConfirmKind = 'cuenta'): Promise<void> {
    this.confirmation = { kind, state: 'confirming' };
    const probe = new FormState({ token }, ACCOUNT_FORM);
    const sent = await probe.send(async () => {
      if (kind === 'cuenta') return this.deps.confirmEmail(token);
      const answer = await this.deps.confirmCopyEmail(token);
      return answer && { correo: answer.correo_cc };
    });
    runInAction(() => {
      this.confirmation = sent.ok
        ? { kind, state: 'confirmed', correo: sent.value.correo }
        : { kind, state: 'failed', message: probe.errors[0] ?? probe.problem ?? { key: 'validation:account.link.invalid' } };
    });
  }
}
