import { ApiError, FormState, session, type FormMessage } from '@rumbo/shared';
import { CancelTicketSchema, TicketChangesSchema, TransferTicketSchema, type Choice, type TicketChanges } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import { PassengerForm } from '../payment/passenger.form';
import { ticketAccess } from '../reservation';
import * as sales from '../sales.resource';

export interface ChangesDeps {
  api: Pick<typeof sales, 'lookUpChanges' | 'cancelTicket' | 'transferTicket' | 'findPerson' | 'getPerson'>;
  storage: Storage;
  signedIn: () => boolean;
}

export type ChangesState = 'loading' | 'ready' | 'noAccess' | 'refused' | 'failed';

/** The cancellation the customer is about to confirm (the amounts were shown on the buttons). */
export type PendingCancel = 'original' | 'credito' | null;

/**
 * `/pasajes/cambios/{numero}` (issue 35): cancel a ticket (refund less the fee, or credit) or
 * transfer it to another passenger, from Mi cuenta (signed in) or the recovery page (the purchase's
 * code and key in this browser). The limits and amounts are read first and shown before confirming.
 */
export class ChangesStore {
  state: ChangesState = 'loading';
  view: TicketChanges | undefined = undefined;
  done: Choice | undefined = undefined;
  pendingCancel: PendingCancel = null;
  readonly form = new FormState<Record<string, never>>({});
  readonly passenger: PassengerForm;
  readonly numero: string;
  private readonly deps: ChangesDeps;

  constructor(numero: string, deps: Partial<ChangesDeps> = {}) {
    this.numero = numero.trim().toUpperCase();
    this.deps = { api: sales, storage: globalThis.sessionStorage, signedIn: () => session.customer !== null, ...deps };
    this.passenger = new PassengerForm(0, { find: (documento) => this.deps.api.findPerson(documento), get: (documento, nacimiento) => this.deps.api.getPerson(documento, nacimiento) });
    makeAutoObservable<ChangesStore, 'deps'>(this, { deps: false, numero: false, form: false, passenger: false });
  }

  get problem(): FormMessage | undefined {
    return this.form.problem ?? undefined;
  }

  private get access() {
    return ticketAccess(this.numero, this.deps.storage, this.deps.signedIn());
  }

  async load(): Promise<void> {
    const access = this.access;
    const checked = this.form.checkAlert(TicketChangesSchema, access);
    if (!checked.ok) {
      runInAction(() => (this.state = 'refused'));
      return;
    }
    if (!access.clave_bloqueo && !this.deps.signedIn()) {
      runInAction(() => (this.state = 'noAccess'));
      return;
    }
    try {
      const view = await this.deps.api.lookUpChanges(checked.value);
      runInAction(() => {
        this.view = view;
        this.state = view ? 'ready' : 'failed';
      });
    } catch (error) {
      runInAction(() => {
        this.form.refuse(error);
        this.state = error instanceof ApiError && error.status === 401 ? 'noAccess' : 'refused';
      });
    }
  }

  askCancel(destino: PendingCancel): void {
    this.pendingCancel = destino;
  }

  /** Cancels with the destination the customer confirmed. */
  async confirmCancel(): Promise<boolean> {
    const destino = this.pendingCancel;
    if (!destino || this.form.sending) return false;
    const checked = this.form.checkAlert(CancelTicketSchema, { ...this.access, destino });
    if (!checked.ok) return false;
    return this.finish(await this.form.send(() => this.deps.api.cancelTicket(checked.value)));
  }

  /** Transfers to the passenger of the form (its fields say what is wrong). */
  async transfer(): Promise<boolean> {
    if (this.form.sending) return false;
    const pasajero = this.passenger.check();
    if (!pasajero) return false;
    const checked = this.form.checkAlert(TransferTicketSchema, { ...this.access, pasajero });
    if (!checked.ok) return false;
    return this.finish(await this.form.send(() => this.deps.api.transferTicket(checked.value)));
  }

  private async finish(sent: { ok: true; value: Choice } | { ok: false }): Promise<boolean> {
    if (!sent.ok) return false;
    runInAction(() => {
      this.done = sent.value;
      this.pendingCancel = null;
    });
    await this.load();
    return true;
  }
}
