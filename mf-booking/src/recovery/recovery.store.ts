import { FormState, type FocusTarget } from '@rumbo/shared';
import { RecoverySchema } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import { navigateToUrl } from 'single-spa';
import { openPurchase } from '../reservation';
import * as sales from '../sales.resource';

export interface RecoveryDeps {
  api: Pick<typeof sales, 'recoverPurchase' | 'releaseSeat'>;
  storage: Storage;
  navigate: (url: string) => void;
}

export type RecoveryField = 'codigo' | 'email' | 'verificacion';

/**
 * `/pasajes/recuperar`: a guest finds a purchase by its payment code and e-mail
 * (`endpoints.recovery`). Those two are printed on every passenger's ticket, so they only send a
 * one-time code to the buyer's address (step `prove`, issue 15); with that code the server answers
 * the purchase and an access key, kept as step 3 keeps a purchase key, and the reservation page
 * shows the purchase (tickets, re-send, payment of a pending one).
 */
export class RecoveryStore {
  readonly form: FormState<Record<RecoveryField, string>>;
  step: 'find' | 'prove' = 'find';
  private readonly deps: RecoveryDeps;

  constructor(initial: Partial<Record<RecoveryField, string>> = {}, deps: Partial<RecoveryDeps> = {}) {
    this.deps = { api: sales, storage: globalThis.sessionStorage, navigate: navigateToUrl, ...deps };
    this.form = new FormState({ codigo: '', email: '', verificacion: '', ...initial });
    makeAutoObservable<RecoveryStore, 'deps'>(this, { deps: false, form: false });
  }

  set(field: RecoveryField, value: string): void {
    this.form.set(field, value);
    this.form.problem = null;
    // Another purchase or buyer: the code mailed for the first one is of no use.
    if (field !== 'verificacion' && this.step === 'prove') {
      this.step = 'find';
      this.form.values.verificacion = '';
    }
  }

  /** Back to the first step, to have a new code mailed. */
  startOver(): void {
    this.step = 'find';
    this.form.set('verificacion', '');
    this.form.problem = null;
  }

  /** Sends the form; answers where the focus goes (the code's field after step 1, or what is wrong). */
  async submit(): Promise<FocusTarget | undefined> {
    if (this.form.sending) return undefined;
    const proving = this.step === 'prove';
    const { verificacion, ...found } = this.form.values;
    const checked = this.form.check(RecoverySchema, proving ? { ...found, verificacion } : found);
    if (!checked.ok) return checked.focus;
    const sent = await this.form.send(() => this.deps.api.recoverPurchase(checked.value));
    if (!sent.ok) return sent.focus;
    const answer = sent.value;
    if (!('acceso' in answer)) {
      runInAction(() => {
        this.step = 'prove';
        this.form.values.verificacion = '';
      });
      return 'verificacion';
    }
    // The booking in progress it replaces frees its seats first (spec §4).
    await openPurchase(answer.reserva.codigo, answer.acceso, this.deps.api.releaseSeat, this.deps.storage);
    this.deps.navigate(`/pasajes/reserva/${answer.reserva.codigo}`);
    return undefined;
  }
}
