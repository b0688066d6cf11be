import { FormState, type FocusTarget, type FormMessage } from '@rumbo/shared';
import { NewPasswordSchema, ResetRequestSchema } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import * as resource from './account.resource';
import { ACCOUNT_FORM } from './account-form';

export interface RecoverDeps {
  requestReset: (correo: string) => Promise<{ enviado: boolean } | undefined>;
  checkResetLink: (token: string) => Promise<{ correo: string } | undefined>;
  setNewPassword: (token: string, clave: string) => Promise<{ correo: string } | undefined>;
}

export type LinkState = { state: 'checking' } | { state: 'valid'; correo: string } | { state: 'invalid'; message: FormMessage } | { state: 'saved' };

/** `/cuenta/recuperar`: ask for a reset link; opened with `?token=`, set the new password. */
export class RecoverStore {
  readonly request = new FormState({ correo: '' }, ACCOUNT_FORM);
  readonly reset = new FormState({ token: '', clave: '' }, ACCOUNT_FORM);
  sentTo: string | null = null;
  link: LinkState | null = null;
  private readonly deps: RecoverDeps;

  constructor(deps: Partial<RecoverDeps> = {}) {
    this.deps = { ...resource, ...deps };
    makeAutoObservable<RecoverStore, 'deps'>(this, { deps: false });
  }

  async requestLink(): Promise<FocusTarget | undefined> {
    const checked = this.request.check(ResetRequestSchema);
    if (!checked.ok) return checked.focus;
    const sent = await this.request.send(() => this.deps.requestReset(checked.value.correo));
    if (!sent.ok) return sent.focus;
    runInAction(() => {
      this.sentTo = checked.value.correo;
    });
    return undefined;
  }

  async openLink(token: string): Promise<void> {
    this.link = { state: 'checking' };
    this.reset.set('token', token);
    const sent = await this.reset.send(() => this.deps.checkResetLink(token));
    runInAction(() => {
      this.link = sent.ok ? { state: 'valid', correo: sent.value.correo } : { state: 'invalid', message: this.messageOf() };
      this.reset.errors = [];
      this.reset.problem = null;
    });
  }

  async save(): Promise<FocusTarget | undefined> {
    const checked = this.reset.check(NewPasswordSchema);
    if (!checked.ok) return checked.focus === 'token' ? this.expired() : checked.focus;
    const sent = await this.reset.send(() => this.deps.setNewPassword(checked.value.token, checked.value.clave));
    if (sent.ok) {
      runInAction(() => {
        this.link = { state: 'saved' };
      });
      return undefined;
    }
    return this.reset.fieldError('token') ? this.expired() : sent.focus;
  }

  /** Leaves a dead link for the request form. */
  forget(): void {
    this.link = null;
    this.reset.set('token', '');
    this.reset.set('clave', '');
  }

  private messageOf(): FormMessage {
    return this.reset.errors[0] ?? this.reset.problem ?? { key: 'validation:account.link.invalid' };
  }

  /** The link stopped working while the page was open (used or expired). */
  private expired(): FocusTarget {
    this.link = { state: 'invalid', message: this.messageOf() };
    return 'alert';
  }
}
