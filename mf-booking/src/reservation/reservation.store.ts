import { ApiError, fromError, type FormMessage } from '@rumbo/shared';
import {
  CipRequestSchema,
  PointsConfirmSchema,
  ResendTicketsSchema,
  ReservationLookupSchema,
  SafetyPayRequestSchema,
  type PaymentMethod,
  type PaymentView,
  type ReservationView,
} from '@rumbo/shared/schemas';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import * as v from 'valibot';
import { purchaseKeyOf, secondsUntil } from '../reservation';
import * as sales from '../sales.resource';

export interface ReservationDeps {
  api: typeof sales;
  storage: Storage;
  now: () => number;
  /** Sends the browser to the payment provider's page. */
  redirect: (url: string) => void;
  /** Hands a downloaded file to the browser. */
  save: (file: Blob, name: string) => void;
}

/** loading → ready (the reservation), or unknown (this browser did not make it / no such code) or failed (no answer). */
export type ReservationPageState = 'loading' | 'ready' | 'unknown' | 'failed';

function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The reservation page (`/pasajes/reserva/{codigo}`): the reservation read with this browser's
 * purchase key, the time left to pay, starting a payment (SafetyPay: card, online banking, cash;
 * PagoEfectivo: CIP), waiting for the provider's answer after the customer comes back, and the
 * tickets once paid (PDF, re-send by e-mail).
 */
export class ReservationStore {
  state: ReservationPageState = 'loading';
  view: ReservationView | undefined = undefined;
  metodo: PaymentMethod | '' = '';
  methodError: FormMessage | undefined = undefined;
  problem: FormMessage | undefined = undefined;
  starting = false;
  resendEmail = '';
  resendError: FormMessage | undefined = undefined;
  resent = false;
  resending = false;
  pdfError: FormMessage | undefined = undefined;
  downloading = false;
  now: number;
  readonly codigo: string;
  private clave: string | undefined;
  private refreshing = false;
  private readonly deps: ReservationDeps;

  constructor(codigo: string, deps: Partial<ReservationDeps> = {}) {
    this.codigo = codigo.toUpperCase();
    this.deps = {
      api: sales,
      storage: globalThis.sessionStorage,
      now: () => Date.now(),
      redirect: (url) => window.location.assign(url),
      save: saveFile,
      ...deps,
    };
    this.now = this.deps.now();
    // The server's answer is replaced whole, never changed in place: kept by reference, not made observable field by field.
    makeAutoObservable<ReservationStore, 'deps' | 'clave' | 'refreshing'>(this, {
      deps: false,
      clave: false,
      refreshing: false,
      codigo: false,
      view: observableRef,
    });
  }

  get lastPayment(): PaymentView | undefined {
    return this.view?.pagos.at(-1);
  }

  get pending(): boolean {
    return this.view?.estado === 'pendiente';
  }

  /** Back from the provider (or a CIP not paid yet): the page asks again until it is paid or declined. */
  get waiting(): boolean {
    return this.pending && this.lastPayment?.estado === 'iniciado';
  }

  /** The last attempt was declined; the reservation still waits for a payment. */
  get declined(): boolean {
    return this.pending && this.lastPayment?.estado === 'rechazado';
  }

  /** Points cover the whole amount: the reservation is confirmed with them instead of a payment method. */
  get payableWithPoints(): boolean {
    return this.pending && this.view?.total_centimos === 0;
  }

  /** The PagoEfectivo code to pay with, while it is open. */
  get cip(): PaymentView | undefined {
    const payment = this.lastPayment;
    return this.waiting && payment?.metodo === 'cip' && payment.cip ? payment : undefined;
  }

  get secondsLeft(): number | undefined {
    if (!this.view || !this.pending) return undefined;
    const at = Date.parse(this.view.expira);
    return secondsUntil(Number.isNaN(at) ? undefined : at, this.now);
  }

  async load(): Promise<void> {
    this.clave = purchaseKeyOf(this.codigo, this.deps.storage);
    if (!this.clave || !v.is(ReservationLookupSchema, { codigo: this.codigo, clave_bloqueo: this.clave })) {
      this.state = 'unknown';
      return;
    }
    this.state = 'loading';
    await this.refresh();
  }

  /** Reads the reservation again (`/rest/venta/consulta`). */
  async refresh(): Promise<void> {
    if (!this.clave || this.refreshing) return;
    this.refreshing = true;
    try {
      const view = await this.deps.api.lookUpReservation(this.codigo, this.clave);
      runInAction(() => {
        if (view) {
          this.view = view;
          this.state = 'ready';
          if (!this.resendEmail) this.resendEmail = view.comprador.email;
        } else if (!this.view) this.state = 'failed';
      });
    } catch (error) {
      runInAction(() => {
        if (this.view) return;
        this.state = error instanceof ApiError && (error.status === 404 || error.status === 400) ? 'unknown' : 'failed';
      });
    } finally {
      this.refreshing = false;
    }
  }

  /** The page's clock: when the time to pay runs out, the reservation is read again (the server lapses it). */
  tick(now: number = this.deps.now()): void {
    const before = this.secondsLeft;
    this.now = now;
    if (before !== undefined && before > 0 && this.secondsLeft === 0) void this.refresh();
  }

  setMethod(metodo: PaymentMethod): void {
    this.metodo = metodo;
    this.methodError = undefined;
  }

  /** Starts the payment with the chosen method: SafetyPay sends the customer to its page; a CIP is shown here. */
  async pay(): Promise<boolean> {
    if (this.starting || !this.clave || !this.pending) return false;
    this.problem = undefined;
    const metodo = this.metodo;
    const base = { codigo: this.codigo, clave_bloqueo: this.clave };
    const cip = metodo === 'cip';
    const parsed = cip ? v.safeParse(CipRequestSchema, base) : v.safeParse(SafetyPayRequestSchema, { ...base, metodo });
    if (!parsed.success) {
      this.methodError = { key: parsed.issues[0].message };
      return false;
    }
    return this.attempt(async () => {
      const start = cip
        ? await this.deps.api.startCip(parsed.output)
        : await this.deps.api.startSafetyPay(parsed.output as v.InferOutput<typeof SafetyPayRequestSchema>);
      if (!start) return false;
      if (cip) {
        await this.refresh();
        return true;
      }
      this.deps.redirect(start.url);
      return true;
    });
  }

  /** Confirms a reservation whose total is 0 after points (`/rest/canje/confirmar`): its tickets are issued. */
  async confirmWithPoints(): Promise<boolean> {
    if (this.starting || !this.clave || !this.payableWithPoints) return false;
    this.problem = undefined;
    const parsed = v.safeParse(PointsConfirmSchema, { codigo: this.codigo, clave_bloqueo: this.clave });
    if (!parsed.success) {
      this.problem = { key: parsed.issues[0].message };
      return false;
    }
    return this.attempt(async () => {
      if ((await this.deps.api.confirmWithPoints(parsed.output)) === undefined) return false;
      await this.refresh();
      return true;
    });
  }

  /**
   * Runs one payment attempt, one at a time: an answer-less call (network) is "request failed"; a
   * refusal shows the server's message and the reservation is read again (its state may have moved).
   */
  private async attempt(call: () => Promise<boolean>): Promise<boolean> {
    this.starting = true;
    try {
      const done = await call();
      if (!done) {
        runInAction(() => {
          this.problem = { key: 'request.failed' };
        });
      }
      return done;
    } catch (error) {
      runInAction(() => {
        this.problem = fromError(error).message;
      });
      await this.refresh();
      return false;
    } finally {
      runInAction(() => {
        this.starting = false;
      });
    }
  }

  setResendEmail(email: string): void {
    this.resendEmail = email;
    this.resendError = undefined;
    this.resent = false;
  }

  /** Sends the tickets again (`/rest/venta/confirmar/recuperar/`). */
  async resend(): Promise<void> {
    const parsed = v.safeParse(ResendTicketsSchema, { codigo: this.codigo, email: this.resendEmail });
    if (!parsed.success) {
      this.resendError = { key: parsed.issues[0].message };
      return;
    }
    this.resending = true;
    this.resent = false;
    try {
      const answer = await this.deps.api.resendTickets(parsed.output);
      runInAction(() => {
        if (answer === undefined) this.resendError = { key: 'request.failed' };
        else this.resent = true;
      });
    } catch (error) {
      runInAction(() => {
        this.resendError = fromError(error).message;
      });
    } finally {
      runInAction(() => {
        this.resending = false;
      });
    }
  }

  async downloadPdf(): Promise<void> {
    if (!this.clave) return;
    this.downloading = true;
    this.pdfError = undefined;
    try {
      const file = await this.deps.api.ticketsPdf(this.codigo, this.clave);
      runInAction(() => {
        if (file) this.deps.save(file, `pasajes-${this.codigo}.pdf`);
        else this.pdfError = { key: 'request.failed' };
      });
    } catch (error) {
      runInAction(() => (this.pdfError = fromError(error).message));
    } finally {
      runInAction(() => (this.downloading = false));
    }
  }
}
