import { ApiError, FormState, type FormMessage } from '@rumbo/shared';
import { DisruptionRefundSchema, DisruptionTicketSchema, RebookSchema, type DisruptionTicket } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import * as sales from '../sales.resource';

export interface DisruptionDeps {
  api: Pick<typeof sales, 'lookUpDisruption' | 'rebookTicket' | 'refundTicket'>;
}

/** loading → ready; noLink (opened without the mail's token); refused (the server said why); failed. */
export type DisruptionState = 'loading' | 'ready' | 'noLink' | 'refused' | 'failed';

/**
 * `/pasajes/incidencia/{numero}?t=…` (issue 35): a ticket a disruption affects, opened from the
 * mailed link (its token proves the holder, no session). With the right, one tap rebooks on a
 * listed trip or refunds (to the payment or as credit); the choice made is then shown.
 */
export class DisruptionStore {
  state: DisruptionState = 'loading';
  view: DisruptionTicket | undefined = undefined;
  /** Chosen during this visit (the page says so and moves the focus to it). */
  chosenNow = false;
  readonly form = new FormState<Record<string, never>>({});
  readonly numero: string;
  readonly token: string;
  private readonly deps: DisruptionDeps;

  constructor(numero: string, token: string, deps: Partial<DisruptionDeps> = {}) {
    this.numero = numero.trim().toUpperCase();
    this.token = token.trim();
    this.deps = { api: sales, ...deps };
    makeAutoObservable<DisruptionStore, 'deps'>(this, { deps: false, numero: false, token: false, form: false });
  }

  get problem(): FormMessage | undefined {
    return this.form.problem ?? undefined;
  }

  get sending(): boolean {
    return this.form.sending;
  }

  async load(): Promise<void> {
    const checked = this.form.checkAlert(DisruptionTicketSchema, { numero: this.numero, token: this.token });
    if (!checked.ok) {
      runInAction(() => (this.state = this.token ? 'refused' : 'noLink'));
      return;
    }
    try {
      const view = await this.deps.api.lookUpDisruption(checked.value);
      runInAction(() => {
        this.view = view;
        this.state = view ? 'ready' : 'failed';
      });
    } catch (error) {
      runInAction(() => {
        this.form.refuse(error);
        this.state = 'refused';
      });
    }
  }

  /** One tap: rebook on trip `cviaje`. */
  rebook(cviaje: number): Promise<boolean> {
    return this.choose(() => {
      const checked = this.form.checkAlert(RebookSchema, { numero: this.numero, token: this.token, cviaje });
      return checked.ok ? this.deps.api.rebookTicket(checked.value) : Promise.resolve(undefined);
    });
  }

  /** One tap: a refund to the original payment or as travel credit. */
  refund(destino: 'original' | 'credito'): Promise<boolean> {
    return this.choose(() => {
      const checked = this.form.checkAlert(DisruptionRefundSchema, { numero: this.numero, token: this.token, destino });
      return checked.ok ? this.deps.api.refundTicket(checked.value) : Promise.resolve(undefined);
    });
  }

  private async choose(call: () => Promise<unknown>): Promise<boolean> {
    if (this.form.sending || !this.view) return false;
    const sent = await this.form.send(async () => {
      try {
        return await call();
      } catch (error) {
        // Chosen meanwhile (another tab, a second click): the page shows what was chosen.
        if (error instanceof ApiError && error.code === 'disruption.yaElegido') await this.load();
        throw error;
      }
    });
    if (!sent.ok) return false;
    await this.load();
    runInAction(() => (this.chosenNow = true));
    return true;
  }
}
