import { firstIssues, fromError, type FormMessage } from '@rumbo/shared';
import { RecoverySchema } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import { navigateToUrl } from 'single-spa';
import * as v from 'valibot';
import { rememberPurchase } from '../reservation';
import * as sales from '../sales.resource';

export interface RecoveryDeps {
  api: Pick<typeof sales, 'recoverPurchase'>;
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
  values: Record<RecoveryField, string> = { codigo: '', email: '', verificacion: '' };
  errors: Partial<Record<RecoveryField, FormMessage>> = {};
  problem: FormMessage | undefined = undefined;
  step: 'find' | 'prove' = 'find';
  sending = false;
  private readonly deps: RecoveryDeps;

  constructor(initial: Partial<Record<RecoveryField, string>> = {}, deps: Partial<RecoveryDeps> = {}) {
    this.deps = { api: sales, storage: globalThis.sessionStorage, navigate: navigateToUrl, ...deps };
    this.values = { ...this.values, ...initial };
    makeAutoObservable<RecoveryStore, 'deps'>(this, { deps: false });
  }

  set(field: RecoveryField, value: string): void {
    this.values[field] = value;
    delete this.errors[field];
    this.problem = undefined;
    // Another purchase or buyer: the code mailed for the first one is of no use.
    if (field !== 'verificacion' && this.step === 'prove') {
      this.step = 'find';
      this.values.verificacion = '';
    }
  }

  /** Back to the first step, to have a new code mailed. */
  startOver(): void {
    this.step = 'find';
    this.values.verificacion = '';
    delete this.errors.verificacion;
    this.problem = undefined;
  }

  /** Sends the form; answers the id of the control to focus (the code's field after step 1, or what is wrong). */
  async submit(): Promise<string | undefined> {
    if (this.sending) return undefined;
    this.problem = undefined;
    const proving = this.step === 'prove';
    const { verificacion, ...found } = this.values;
    const parsed = v.safeParse(RecoverySchema, proving ? { ...found, verificacion } : found);
    if (!parsed.success) {
      this.errors = firstIssues(parsed.issues);
      return `recovery-${Object.keys(this.errors)[0] ?? 'codigo'}`;
    }
    this.errors = {};
    this.sending = true;
    try {
      const answer = await this.deps.api.recoverPurchase(parsed.output);
      if (!answer) {
        runInAction(() => {
          this.problem = { key: 'request.failed' };
        });
        return 'recovery-problem';
      }
      if (!('acceso' in answer)) {
        runInAction(() => {
          this.step = 'prove';
          this.values.verificacion = '';
        });
        return 'recovery-verificacion';
      }
      rememberPurchase(answer.reserva.codigo, answer.acceso, this.deps.storage);
      this.deps.navigate(`/pasajes/reserva/${answer.reserva.codigo}`);
      return undefined;
    } catch (error) {
      const { field, message } = fromError(error);
      const known = field === 'codigo' || field === 'email' || field === 'verificacion';
      runInAction(() => {
        if (known) this.errors[field] = message;
        else this.problem = message;
      });
      return known ? `recovery-${field}` : 'recovery-problem';
    } finally {
      runInAction(() => {
        this.sending = false;
      });
    }
  }
}
