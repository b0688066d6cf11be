import { FormState, type FocusTarget } from '@rumbo/shared';
import { WhatsAppCodeSchema, type WhatsAppPhone } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import * as resource from './account.resource';
import { ACCOUNT_FORM } from './account-form';
import type { LoadState } from './my-account.store';

export interface WhatsAppPhoneDeps {
  fetch: typeof resource.fetchWhatsAppPhone;
  sendCode: typeof resource.whatsappPhoneCode;
  confirm: typeof resource.confirmWhatsAppPhone;
}

/**
 * Issue 48: the account's mobile for WhatsApp. Nothing goes there (tickets, reminders, notices,
 * offers, alerts) until the customer types back the code sent to it by WhatsApp.
 */
export class WhatsAppPhoneStore {
  state: LoadState = 'loading';
  phone: WhatsAppPhone | null = null;
  /** A code was sent (this page asked for it). */
  codeSent = false;
  readonly form = new FormState({ codigo: '' }, ACCOUNT_FORM);
  private readonly deps: WhatsAppPhoneDeps;

  constructor(deps: Partial<WhatsAppPhoneDeps> = {}) {
    this.deps = { fetch: resource.fetchWhatsAppPhone, sendCode: resource.whatsappPhoneCode, confirm: resource.confirmWhatsAppPhone, ...deps };
    makeAutoObservable<WhatsAppPhoneStore, 'deps'>(this, { deps: false, form: false });
  }

  async load(): Promise<void> {
    const phone = await this.deps.fetch().catch(() => undefined);
    runInAction(() => {
      this.phone = phone ?? null;
      this.state = phone ? 'ready' : 'failed';
    });
  }

  /** Sends a code (again: a new one replaces the earlier); where the focus goes. */
  async sendCode(): Promise<FocusTarget | undefined> {
    const sent = await this.form.send(() => this.deps.sendCode());
    if (!sent.ok) return sent.focus;
    runInAction(() => {
      this.codeSent = true;
      this.form.reset({ codigo: '' });
    });
    return 'codigo';
  }

  async confirm(): Promise<FocusTarget | undefined> {
    const sent = await this.form.submit(WhatsAppCodeSchema, (body) => this.deps.confirm(body));
    if (!sent.ok) return sent.focus;
    runInAction(() => {
      this.phone = sent.value;
      this.codeSent = false;
    });
    return undefined;
  }
}
