import { ApiError, FormState, clock, saveFile, PushOptInStore, session, webPushBrowser, type FormMessage, type PushBrowser } from '@rumbo/shared';
import {
  CipRequestSchema,
  CreditApplySchema,
  CreditPaySchema,
  PointsConfirmSchema,
  ResendTicketsSchema,
  ReservationLookupSchema,
  SafetyPayRequestSchema,
  type PaymentMethod,
  type PaymentView,
  type PocketLinks,
  type ReservationView,
} from '@rumbo/shared/schemas';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import * as v from 'valibot';
import { openablePurchases, purchaseKeyOf, secondsUntil } from '../reservation';
import * as sales from '../sales.resource';
import { CulqiPayStore } from './culqi-pay.store';

/** A way to pay as the page lists it: the payment methods, and Culqi's card (a card paid in this page, beside SafetyPay's). */
export type MethodChoice = PaymentMethod | 'culqi_tarjeta';

export interface ReservationDeps {
  api: typeof sales;
  storage: Storage;
  now: () => number;
  /** Sends the browser to the payment provider's page. */
  redirect: (url: string) => void;
  /** Hands a downloaded file to the browser. */
  save: (file: Blob, name: string) => void;
  /** The Push API (issues 35 and 36): the browser's, unless a test gives its own. */
  pushBrowser: PushBrowser;
}

/** loading → ready (the reservation), or unknown (this browser did not make it / no such code) or failed (no answer). */
export type ReservationPageState = 'loading' | 'ready' | 'unknown' | 'failed';

/**
 * The reservation page (`/pasajes/reserva/{codigo}`): the reservation read with this browser's
 * purchase key, the time left to pay, starting a payment (SafetyPay: card, online banking, cash;
 * PagoEfectivo: CIP), waiting for the provider's answer after the customer comes back, and the
 * tickets once paid (PDF, re-send by e-mail).
 */
export class ReservationStore {
  state: ReservationPageState = 'loading';
  view: ReservationView | undefined = undefined;
  metodo: MethodChoice | '' = '';
  /** Starting a payment, or confirming with points: one at a time (the method is checked, not kept, here). */
  readonly payment = new FormState({});
  /** Sending the tickets again, to the address typed. */
  readonly resendForm = new FormState({ email: '' });
  resent = false;
  /** Downloading the tickets' PDF. */
  readonly pdf = new FormState({});
  /**
   * Issue 35: travel credit this buyer can still put on the reservation (null: none known): the
   * signed-in customer's, or for a guest the credit of another purchase this tab opened (recovery).
   */
  creditAvailable: number | null = null;
  /** A guest's credit: the purchase it belongs to (its code and key prove it). */
  creditOrigin: { codigo: string; clave_bloqueo: string } | undefined = undefined;
  /** Issue 35: once paid, a guest purchase's own travel credit (from its cancelled tickets), to show on its page. */
  ownCredit: { disponible_centimos: number; vence: string | null } | undefined = undefined;
  /** Issue 36: once paid, the calendar and wallet links (undefined until they come, or if they do not). */
  pocket: PocketLinks | undefined = undefined;
  /** Issues 35 and 36: "Notify me on this phone" (hidden unless the store has VAPID keys and the browser takes pushes). */
  readonly push: PushOptInStore;
  /** Issue 46: Yape, card, wallets by QR and Cuotéalo through Culqi (absent from the list when Culqi is not configured). */
  readonly culqi: CulqiPayStore;
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
      now: clock.ms,
      redirect: (url) => window.location.assign(url),
      save: saveFile,
      pushBrowser: deps.pushBrowser ?? webPushBrowser(),
      ...deps,
    };
    this.push = new PushOptInStore({
      browser: this.deps.pushBrowser,
      key: () => this.deps.api.pushKey(),
      save: (body) => this.deps.api.pushSubscribe(body),
    });
    this.culqi = new CulqiPayStore({ api: this.deps.api, now: this.deps.now, redirect: (url) => this.deps.redirect(url) });
    this.now = this.deps.now();
    // The server's answer is replaced whole, never changed in place: kept by reference, not made observable field by field.
    makeAutoObservable<ReservationStore, 'deps' | 'clave' | 'refreshing'>(this, {
      deps: false,
      clave: false,
      refreshing: false,
      codigo: false,
      payment: false,
      resendForm: false,
      pdf: false,
      push: false,
      culqi: false,
      view: observableRef,
      pocket: observableRef,
      creditOrigin: observableRef,
      ownCredit: observableRef,
    });
  }

  /** The method's message: none chosen. */
  get methodError(): FormMessage | undefined {
    return this.payment.errors[0];
  }

  /** A payment that did not start (no answer, the server's refusal). */
  get problem(): FormMessage | undefined {
    return this.payment.problem ?? undefined;
  }

  get starting(): boolean {
    return this.payment.sending || this.culqi.yape.sending || this.culqi.card.sending;
  }

  get resendEmail(): string {
    return this.resendForm.values.email;
  }

  get resendError(): FormMessage | undefined {
    return this.resendForm.soleMessage('email');
  }

  get resending(): boolean {
    return this.resendForm.sending;
  }

  get pdfError(): FormMessage | undefined {
    return this.pdf.problem ?? undefined;
  }

  get downloading(): boolean {
    return this.pdf.sending;
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
    await Promise.all([this.refresh(), this.loadCredit(), this.culqi.load()]);
  }

  /**
   * The travel credit to offer as a way to pay (issue 35): the signed-in customer's; for a guest,
   * the first other purchase this tab opened that has credit (its page was reached by recovery).
   * A guest's own purchase's credit is read too, to show it on its page.
   */
  private async loadCredit(): Promise<void> {
    if (session.customer) {
      const credit = await this.deps.api.fetchMyCredit().catch(() => undefined);
      runInAction(() => (this.creditAvailable = credit?.disponible_centimos ?? null));
      return;
    }
    const purchases = Object.entries(openablePurchases(this.deps.storage)).slice(-5);
    const answers = await Promise.all(
      purchases.map(async ([codigo, clave]) => ({ codigo, clave, credit: await this.deps.api.fetchPurchaseCredit(codigo, clave).catch(() => undefined) })),
    );
    runInAction(() => {
      const own = answers.find((a) => a.codigo === this.codigo)?.credit;
      const lot = own?.movimientos.find((m) => m.concepto === 'emision');
      this.ownCredit = own && own.disponible_centimos > 0 ? { disponible_centimos: own.disponible_centimos, vence: lot?.vence ?? null } : undefined;
      const other = answers.find((a) => a.codigo !== this.codigo && (a.credit?.disponible_centimos ?? 0) > 0);
      this.creditAvailable = other ? other.credit!.disponible_centimos : null;
      this.creditOrigin = other ? { codigo: other.codigo, clave_bloqueo: other.clave } : undefined;
    });
  }

  /** Credit put on this reservation (held until it is paid), and what is left for a payment method. */
  get creditHeld(): number {
    return this.pending ? (this.view?.credito_centimos ?? 0) : 0;
  }

  get amountDue(): number {
    return Math.max((this.view?.total_centimos ?? 0) - this.creditHeld, 0);
  }

  /** Credit this reservation could use: what is free plus what it already holds. */
  private get creditUsable(): number {
    return (this.creditAvailable ?? 0) + this.creditHeld;
  }

  /** The customer's credit covers the whole total: it can pay it all at once. */
  get payableWithCredit(): boolean {
    const total = this.view?.total_centimos ?? 0;
    return this.pending && total > 0 && this.creditAvailable !== null && this.creditUsable >= total;
  }

  /** Some credit can go on the reservation, the rest paid with a method (issue 35: partial use). */
  get creditOffer(): number {
    if (!this.pending || this.creditAvailable === null) return 0;
    return Math.min(this.creditUsable, this.view?.total_centimos ?? 0);
  }

  /** Puts `monto` of credit on the reservation (0 takes it off); the payment methods then charge the rest. */
  async useCredit(monto: number): Promise<boolean> {
    if (this.starting || !this.clave || !this.pending) return false;
    const body = { codigo: this.codigo, clave_bloqueo: this.clave, monto_centimos: monto, ...(this.creditOrigin ? { origen: this.creditOrigin } : {}) };
    const checked = this.payment.checkAlert(CreditApplySchema, body);
    if (!checked.ok) return false;
    return this.attempt(async () => {
      if ((await this.deps.api.applyCredit(checked.value)) === undefined) return undefined;
      await Promise.all([this.refresh(), this.loadCredit()]);
      return true;
    });
  }

  /** Pays the whole reservation with the customer's travel credit (`disruptionsEndpoints.creditPay`): its tickets are issued. */
  async payWithCredit(): Promise<boolean> {
    if (this.starting || !this.clave || !this.payableWithCredit) return false;
    const checked = this.payment.checkAlert(CreditPaySchema, { codigo: this.codigo, clave_bloqueo: this.clave, ...(this.creditOrigin ? { origen: this.creditOrigin } : {}) });
    if (!checked.ok) return false;
    return this.attempt(async () => {
      if ((await this.deps.api.payWithCredit(checked.value)) === undefined) return undefined;
      await Promise.all([this.refresh(), this.loadCredit()]);
      return true;
    });
  }

  /** Reads the reservation again (`salesEndpoints.reservation`). */
  async refresh(): Promise<void> {
    if (!this.clave || this.refreshing) return;
    this.refreshing = true;
    try {
      const view = await this.deps.api.lookUpReservation(this.codigo, this.clave);
      runInAction(() => {
        if (view) {
          this.view = view;
          this.state = 'ready';
          if (!this.resendEmail) this.resendForm.values.email = view.comprador.email;
        } else if (!this.view) this.state = 'failed';
      });
      if (view?.estado === 'pagada' && !this.pocket) {
        void this.loadPocket();
        if (this.push.state === 'hidden') void this.push.load();
      }
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
    this.culqi.tick(now);
    if (before !== undefined && before > 0 && this.secondsLeft === 0) void this.refresh();
  }

  /**
   * The ways offered (issue 46): with Culqi, Yape, a card in this page, wallets by QR and Cuotéalo
   * first; then, as the spec has them, SafetyPay's card, banking and cash and PagoEfectivo's CIP.
   */
  get methods(): MethodChoice[] {
    if (!this.culqi.enabled) return ['tarjeta', 'banca', 'efectivo', 'cip'];
    return ['yape', 'culqi_tarjeta', 'billetera', 'cuotealo', 'tarjeta', 'banca', 'efectivo', 'cip'];
  }

  /** A Culqi method the API hides now (failing): listed, not choosable. */
  unavailable(metodo: MethodChoice): boolean {
    const culqi = metodo === 'culqi_tarjeta' ? 'tarjeta' : metodo;
    if (metodo === 'tarjeta' || !this.culqi.offered.includes(culqi as never)) return false;
    return !this.culqi.available(culqi);
  }

  setMethod(metodo: MethodChoice): void {
    this.metodo = metodo;
    this.payment.errors = [];
  }

  /** Starts the payment with the chosen method: SafetyPay sends the customer to its page; a CIP is shown here. */
  async pay(): Promise<boolean> {
    if (this.starting || !this.clave || !this.pending) return false;
    const metodo = this.metodo;
    const base = { codigo: this.codigo, clave_bloqueo: this.clave };
    if (metodo === 'yape' || metodo === 'culqi_tarjeta') {
      const paid = metodo === 'yape' ? await this.culqi.payYape(this.codigo, this.clave) : await this.culqi.payCard(this.codigo, this.clave, this.view?.comprador.email ?? '');
      await this.refresh();
      return paid;
    }
    if (metodo === 'billetera' || metodo === 'cuotealo') return this.culqi.startOrder(this.codigo, this.clave, metodo, this.payment);
    const cip = metodo === 'cip';
    const checked = cip ? this.payment.check(CipRequestSchema, base) : this.payment.check(SafetyPayRequestSchema, { ...base, metodo });
    if (!checked.ok) return false;
    return this.attempt(async () => {
      const start = cip
        ? await this.deps.api.startCip(checked.value)
        : await this.deps.api.startSafetyPay(checked.value as v.InferOutput<typeof SafetyPayRequestSchema>);
      if (!start) return undefined;
      if (cip) {
        await this.refresh();
        return true;
      }
      this.deps.redirect(start.url);
      return true;
    });
  }

  /** Confirms a reservation whose total is 0 after points (`aftersaleEndpoints.pointsConfirm`): its tickets are issued. */
  async confirmWithPoints(): Promise<boolean> {
    if (this.starting || !this.clave || !this.payableWithPoints) return false;
    const checked = this.payment.checkAlert(PointsConfirmSchema, { codigo: this.codigo, clave_bloqueo: this.clave });
    if (!checked.ok) return false;
    return this.attempt(async () => {
      if ((await this.deps.api.confirmWithPoints(checked.value)) === undefined) return undefined;
      await this.refresh();
      return true;
    });
  }

  /**
   * Runs one payment attempt, one at a time: an answer-less call (network) is "request failed"; a
   * refusal shows the server's message and the reservation is read again (its state may have moved).
   */
  private async attempt(call: () => Promise<true | undefined>): Promise<boolean> {
    const sent = await this.payment.send(() =>
      call().catch(async (error: unknown) => {
        await this.refresh();
        throw error;
      }),
    );
    return sent.ok;
  }

  setResendEmail(email: string): void {
    this.resendForm.reset({ email });
    this.resent = false;
  }

  /** Sends the tickets again (`salesEndpoints.resendTickets`). */
  async resend(): Promise<void> {
    const checked = this.resendForm.check(ResendTicketsSchema, { codigo: this.codigo, email: this.resendEmail });
    if (!checked.ok) return;
    this.resent = false;
    const sent = await this.resendForm.send(() => this.deps.api.resendTickets(checked.value));
    if (sent.ok) runInAction(() => (this.resent = true));
  }

  /** What the vouchers' part of the page (issue 34) needs: the same API, storage and file saving. */
  get voucherDeps() {
    return { api: this.deps.api, storage: this.deps.storage, save: this.deps.save };
  }

  /** The calendar and wallet links (`pocketEndpoints.pocketLinks`); without them the page still has the PDF. */
  async loadPocket(): Promise<void> {
    if (!this.clave) return;
    try {
      const links = await this.deps.api.pocketLinks(this.codigo, this.clave);
      runInAction(() => (this.pocket = links));
    } catch {
      // The links are an extra: the tickets, their QR and the PDF are on the page without them.
    }
  }

  /** The tap on "Notify me on this phone": the permission is asked now, never before. */
  async enablePush(): Promise<void> {
    await this.push.enable({ codigo: this.codigo, ...(this.clave ? { clave_bloqueo: this.clave } : {}) });
  }

  async downloadPdf(): Promise<void> {
    if (!this.clave) return;
    const clave = this.clave;
    const sent = await this.pdf.send(() => this.deps.api.ticketsPdf(this.codigo, clave));
    if (sent.ok) this.deps.save(sent.value, `pasajes-${this.codigo}.pdf`);
  }
}
