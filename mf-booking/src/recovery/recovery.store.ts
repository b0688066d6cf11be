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

export type RecoveryField = 'codigo' | 'email';

/**
 * `/pasajes/recuperar`: a guest finds a purchase by its payment code and e-mail
 * (`/rest/venta/recovery`); the access key answered is kept as step 3 keeps a purchase key, and
 * the reservation page shows the purchase (tickets, re-send, payment of a pending one).
 */
export class RecoveryStore {
  values: Record<RecoveryField, string> = { codigo: '', email: '' };
  errors: Partial<Record<RecoveryField, FormMessage>> = {};
  problem: FormMessage | undefined = undefined;
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
  }

  /** Sends the form; answers the id of the control to focus when something is wrong. */
  async submit(): Promise<string | undefined> {
    if (this.sending) return undefined;
    this.problem = undefined;
    const parsed = v.safeParse(RecoverySchema, this.values);
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
      rememberPurchase(answer.reserva.codigo, answer.acceso, this.deps.storage);
      this.deps.navigate(`/pasajes/reserva/${answer.reserva.codigo}`);
      return undefined;
    } catch (error) {
      const { field, message } = fromError(error);
      runInAction(() => {
        if (field === 'codigo' || field === 'email') this.errors[field] = message;
        else this.problem = message;
      });
      return field === 'codigo' || field === 'email' ? `recovery-${field}` : 'recovery-problem';
    } finally {
      runInAction(() => {
        this.sending = false;
      });
    }
  }
}
