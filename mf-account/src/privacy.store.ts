import { fromError, FormState, saveFile, type FocusTarget, type FormMessage } from '@rumbo/shared';
import {
  CloseAccountCodeSchema,
  CloseAccountSchema,
  CONSENT_TEXT_VERSION,
  ConsentChangeSchema,
  type ConsentChannel,
  type ConsentPurpose,
  type Consents,
  type MyData,
} from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import * as v from 'valibot';
import * as resource from './account.resource';
import { ACCOUNT_FORM } from './account-form';
import type { LoadState } from './my-account.store';

/** What the live region says after a change: given or withdrawn (which one), or why it failed. */
export type ConsentResult = { ok: true; otorgado: boolean; canal: ConsentChannel; finalidad: ConsentPurpose } | { ok: false; message: FormMessage };

export interface ConsentsDeps {
  fetch: typeof resource.fetchConsents;
  change: typeof resource.changeConsent;
}

/** Issue 47, Comunicaciones: every channel of every purpose, each its own opt-in, and the history. */
export class ConsentsStore {
  state: LoadState = 'loading';
  consents: Consents | null = null;
  result: ConsentResult | null = null;
  /** The box being saved (`canal:finalidad`) and what was asked: it shows that until the answer, then the answer's state. */
  saving: { key: string; otorgado: boolean } | null = null;
  private readonly deps: ConsentsDeps;

  constructor(deps: Partial<ConsentsDeps> = {}) {
    this.deps = { fetch: resource.fetchConsents, change: resource.changeConsent, ...deps };
    makeAutoObservable<ConsentsStore, 'deps'>(this, { deps: false });
  }

  async load(): Promise<void> {
    this.state = 'loading';
    const consents = await this.deps.fetch().catch(() => undefined);
    runInAction(() => {
      this.consents = consents ?? null;
      this.state = consents ? 'ready' : 'failed';
    });
  }

  /** Whether the box shows ticked: the asked value while it is saved, else the recorded state. */
  isTicked(canal: ConsentChannel, finalidad: ConsentPurpose): boolean {
    if (this.saving?.key === `${canal}:${finalidad}`) return this.saving.otorgado;
    return this.isGiven(canal, finalidad);
  }

  isGiven(canal: ConsentChannel, finalidad: ConsentPurpose): boolean {
    return this.consents?.estado.some((row) => row.canal === canal && row.finalidad === finalidad && row.otorgado) ?? false;
  }

  /** Gives or withdraws one consent with the text version this page shows (checked here and again by the API). */
  async set(canal: ConsentChannel, finalidad: ConsentPurpose, otorgado: boolean): Promise<void> {
    if (this.saving) return;
    const checked = v.safeParse(ConsentChangeSchema, { canal, finalidad, otorgado, version: CONSENT_TEXT_VERSION });
    if (!checked.success) {
      this.result = { ok: false, message: { key: checked.issues[0].message } };
      return;
    }
    this.saving = { key: `${canal}:${finalidad}`, otorgado };
    this.result = null;
    try {
      const consents = await this.deps.change(checked.output);
      runInAction(() => {
        if (consents) {
          this.consents = consents;
          this.result = { ok: true, otorgado, canal, finalidad };
        } else this.result = { ok: false, message: { key: 'account:errors.network' } };
      });
    } catch (error) {
      runInAction(() => {
        this.result = { ok: false, message: fromError(error).message };
      });
    } finally {
      runInAction(() => {
        this.saving = null;
      });
    }
  }
}

export interface MyDataDeps {
  fetch: typeof resource.fetchMyData;
  /** Hands the file to the browser (a download). */
  save: (name: string, data: MyData) => void;
}

/** Saves the data as a JSON file (a download made in the page: nothing is sent anywhere else). */
export function saveJsonFile(name: string, data: unknown): void {
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), name);
}

/** Issue 47, "Descargar mis datos" (access and portability, Ley 29733 art. 19). */
export class MyDataStore {
  state: 'idle' | 'loading' | 'done' | 'failed' = 'idle';
  private readonly deps: MyDataDeps;

  constructor(deps: Partial<MyDataDeps> = {}) {
    this.deps = { fetch: resource.fetchMyData, save: saveJsonFile, ...deps };
    makeAutoObservable<MyDataStore, 'deps'>(this, { deps: false });
  }

  async download(): Promise<void> {
    if (this.state === 'loading') return;
    this.state = 'loading';
    const data = await this.deps.fetch().catch(() => undefined);
    if (data) this.deps.save(`mis-datos-${data.generado.slice(0, 10)}.json`, data);
    runInAction(() => {
      this.state = data ? 'done' : 'failed';
    });
  }
}

export interface CloseAccountDeps {
  close: typeof resource.closeAccount;
  askCode: typeof resource.closeAccountCode;
  closeWithCode: typeof resource.closeAccountWithCode;
  /** The account is closed: the session here ends too (the server ended every one). */
  onClosed: () => void;
}

/**
 * Issue 47, closing the account, confirmed with the current password or with a code mailed to
 * the account's address (the way for accounts without a password: Google, Facebook, codes only).
 */
export class CloseAccountStore {
  readonly form = new FormState({ clave: '' }, ACCOUNT_FORM);
  readonly codeForm = new FormState({ codigo: '' }, ACCOUNT_FORM);
  open = false;
  closed = false;
  /** How the customer confirms: the password, or the mailed code. */
  mode: 'clave' | 'codigo' = 'clave';
  /** A code was mailed (this dialog asked for it). */
  codeSent = false;
  private readonly deps: CloseAccountDeps;

  constructor(deps: Partial<CloseAccountDeps> & Pick<CloseAccountDeps, 'onClosed'>) {
    this.deps = { close: resource.closeAccount, askCode: resource.closeAccountCode, closeWithCode: resource.closeAccountWithCode, ...deps };
    makeAutoObservable<CloseAccountStore, 'deps'>(this, { deps: false, form: false, codeForm: false });
  }

  setOpen(open: boolean): void {
    this.open = open;
    if (!open) {
      this.form.reset({ clave: '' });
      this.codeForm.reset({ codigo: '' });
      this.mode = 'clave';
      this.codeSent = false;
    }
  }

  usePassword(): void {
    this.mode = 'clave';
  }

  /** Switches to the code and mails one (again, when asked again: the new code replaces the old). */
  async sendCode(): Promise<FocusTarget | undefined> {
    this.mode = 'codigo';
    const sent = await this.codeForm.send(() => this.deps.askCode());
    if (!sent.ok) return sent.focus;
    runInAction(() => (this.codeSent = true));
    return 'codigo';
  }

  async confirm(): Promise<FocusTarget | undefined> {
    const sent =
      this.mode === 'clave'
        ? await this.form.submit(CloseAccountSchema, (body) => this.deps.close(body))
        : await this.codeForm.submit(CloseAccountCodeSchema, (body) => this.deps.closeWithCode(body));
    if (!sent.ok) return sent.focus;
    runInAction(() => {
      this.closed = true;
      this.open = false;
    });
    this.deps.onClosed();
    return undefined;
  }
}
