import { ApiError, firstIssues, fromError, session, type Customer, type FormMessage, type HeldSeat } from '@rumbo/shared';
import {
  BuyerSchema,
  GuestSchema,
  isValidRuc,
  MinorGuardianSchema,
  PointsApplySchema,
  POINT_VALUE_CENTIMOS,
  QuoteRequestSchema,
  ReservationSchema,
  type Buyer,
  type Passenger,
  type Quote,
  type ReservationView,
  type Trip,
} from '@rumbo/shared/schemas';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { navigateToUrl } from 'single-spa';
import * as v from 'valibot';
import { limaDay } from '../format';
import { heldSeats, holdsExpireAt, readReservation, secondsUntil, startNewPurchase, writeHeldSeats, writeReservation, type Leg, type Reservation } from '../reservation';
import * as sales from '../sales.resource';
import { HoldTimer, requestExtension, type HoldMessage } from '../seats/hold-timer';
import { PassengerForm, PASSENGER_FIELDS, type PassengerValues } from './passenger.form';

/**
 * What the customer typed on step 3 when the holds ran out, kept in memory (never in storage: it is
 * personal data) for this tab while the remote is loaded: step 3 opened again with new seats
 * starts from it (WCAG 2.2.1: the customer picks the seats again without typing everything again).
 */
interface PaymentDraft {
  passengers: { values: PassengerValues; responsable: string; parentesco: string }[];
  buyer: Record<BuyerField, string>;
  cupon: string;
}
let draft: PaymentDraft | undefined;

export const BUYER_FIELDS = ['nombre', 'email', 'comprobante', 'ruc', 'razon_social'] as const;
export type BuyerField = (typeof BUYER_FIELDS)[number];

export interface PaymentDeps {
  api: typeof sales;
  storage: Storage;
  now: () => number;
  customer: () => Customer | null;
  navigate: (url: string) => void;
  /** `POST /rest/asiento/extender`. */
  extendHold: (clave: string) => ReturnType<typeof requestExtension>;
}

/** A leg of the purchase with its trip, the Lima date of departure and this browser's seats on it. */
export interface PurchaseLeg {
  tramo: Leg;
  trip: Trip;
  day: string;
  seats: HeldSeat[];
}

/** A message of the error summary: the control it is about (DOM id) and who it concerns. */
export interface SummaryItem {
  target: string;
  message: FormMessage;
  /** The passenger's number (1-based), when the message is about a passenger. */
  passenger?: number;
  /** The message is about the buyer. */
  buyer?: boolean;
}

/** `reserved`: the purchase in `CRESERVA` is a reservation now; only its payment remains (spec §1). */
export type PageState = 'loading' | 'ready' | 'none' | 'expired' | 'reserved';

/** DOM id of a control of the payment form. */
export const controlId = (scope: string, field: string) => `${scope}-${field}`;
export const passengerScope = (index: number) => `p${index + 1}`;

/**
 * Step 3 "Pago": the passengers of the held seats (one per passenger and leg, the same person on
 * both legs of a round trip), the buyer, the coupon and the terms; "Reservar" saves and ties the
 * passengers, names the minors' responsible adults and turns the holds into a reservation.
 */
export class PaymentStore {
  state: PageState = 'loading';
  reservation: Reservation | undefined = undefined;
  held: HeldSeat[] = [];
  passengers: PassengerForm[] = [];
  buyer: Record<BuyerField, string> = { nombre: '', email: '', comprobante: 'boleta', ruc: '', razon_social: '' };
  buyerErrors: Partial<Record<BuyerField, FormMessage>> = {};
  rucLookup: 'idle' | 'searching' | 'found' | 'unknown' = 'idle';
  /** The guest's e-mail has an account: suggest signing in. */
  hasAccount = false;
  cupon = '';
  cuponError: FormMessage | undefined = undefined;
  quote: Quote | undefined = undefined;
  quoting = false;
  promotions: sales.Promotion[] = [];
  /** A signed-in customer's points that can be redeemed (not held by other pending purchases). */
  puntosDisponibles: number | undefined = undefined;
  puntos = '';
  puntosError: FormMessage | undefined = undefined;
  applyingPoints = false;
  terminos = false;
  termsError: FormMessage | undefined = undefined;
  problem: FormMessage | undefined = undefined;
  summary: SummaryItem[] = [];
  sending = false;
  now: number;
  /** What the hold's clock last told (its own live region on this step). */
  holdMessage: HoldMessage | null = null;
  /** The holds' time to finish: the warning before they end and "More time". */
  readonly timer: HoldTimer;
  private readonly deps: PaymentDeps;
  private rucSearched = '';
  private guestChecked = '';
  /** The server's price, coupons and points were asked for (once per page). */
  private started = false;

  constructor(deps: Partial<PaymentDeps> = {}) {
    this.deps = {
      api: sales,
      storage: globalThis.sessionStorage,
      now: () => Date.now(),
      customer: () => session.customer,
      navigate: navigateToUrl,
      extendHold: requestExtension,
      ...deps,
    };
    this.now = this.deps.now();
    this.timer = new HoldTimer(this, this.deps.extendHold);
    makeAutoObservable<PaymentStore, 'deps' | 'rucSearched' | 'guestChecked' | 'started'>(this, {
      deps: false,
      rucSearched: false,
      guestChecked: false,
      started: false,
      timer: false,
      // The purchase read from storage is replaced whole, never changed in place: kept by reference.
      reservation: observableRef,
      held: observableRef,
    });
  }

  get clave(): string | undefined {
    return this.reservation?.clave_bloqueo ?? this.held[0]?.clave_bloqueo;
  }

  get legs(): PurchaseLeg[] {
    const reservation = this.reservation;
    if (!reservation) return [];
    const legs: PurchaseLeg[] = [];
    for (const tramo of ['ida', 'vuelta'] as const) {
      const trip = reservation[tramo];
      if (!trip) continue;
      const seats = this.held.filter((seat) => seat.cviaje === trip.cviaje);
      // `day` when first asked for: building the page's first date formatter (the browser loads its
      // date data then) stays out of `restore()`, in the first render's own long slice.
      if (seats.length)
        legs.push({
          tramo,
          trip,
          seats,
          get day() {
            return limaDay(trip.fecha_salida);
          },
        });
    }
    return legs;
  }

  /** The seats passenger `index` takes, one per leg. */
  seatsOf(index: number): { leg: PurchaseLeg; seat: HeldSeat }[] {
    return this.legs.flatMap((leg) => (leg.seats[index] ? [{ leg, seat: leg.seats[index] }] : []));
  }

  /** The legs on which passenger `index` is a minor (needs a responsible adult). */
  minorLegs(index: number): PurchaseLeg[] {
    const form = this.passengers[index];
    if (!form) return [];
    return this.seatsOf(index)
      .filter(({ leg }) => form.minorOn(leg.day))
      .map(({ leg }) => leg);
  }

  isMinor(index: number): boolean {
    return this.minorLegs(index).length > 0;
  }

  /** Passengers that can answer for passenger `index`: the others, adults on every leg it is a minor on. */
  guardiansFor(index: number): number[] {
    const legs = this.minorLegs(index);
    return this.passengers.map((_, i) => i).filter((i) => i !== index && legs.every((leg) => !this.passengers[i]!.minorOn(leg.day)));
  }

  get isGuest(): boolean {
    return this.deps.customer() === null;
  }

  get customer(): Customer | null {
    return this.deps.customer();
  }

  /** The server's price; the seats' own prices (S/, from the holds) until it answers. */
  get subtotalCentimos(): number {
    return this.quote?.subtotal_centimos ?? Math.round(this.held.reduce((sum, seat) => sum + seat.precio, 0) * 100);
  }

  get expiresAt(): number | undefined {
    return holdsExpireAt(this.held);
  }

  get secondsLeft(): number | undefined {
    return secondsUntil(this.expiresAt, this.now);
  }

  /** Coupons of the current promotions that may apply to this purchase's destination. */
  get coupons(): sales.Promotion[] {
    const destino = this.reservation?.ida?.terminal_llegada.cciudad;
    return this.promotions.filter((promotion) => !promotion.destino || promotion.destino.cciudad === destino);
  }

  /**
   * Reads the purchase that steps 1–2 left in session storage (synchronous): the page renders its
   * form at once, in its first render, instead of rendering a placeholder and then the whole form
   * again as one long task.
   */
  restore(): void {
    if (this.state !== 'loading') return;
    this.reservation = readReservation(this.deps.storage);
    this.held = heldSeats(this.deps.storage);
    if (this.reservation?.codigo) {
      this.state = 'reserved';
      return;
    }
    const count = this.legs[0]?.seats.length ?? 0;
    if (!this.reservation || count === 0 || !this.clave) {
      this.state = 'none';
      return;
    }
    this.passengers = Array.from({ length: count }, (_, i) => new PassengerForm(i, { find: this.deps.api.findPerson, get: this.deps.api.getPerson }));
    const customer = this.deps.customer();
    if (customer) {
      this.buyer.nombre = [customer.name, customer.firstLastName, customer.secondLastName].filter(Boolean).join(' ');
      this.buyer.email = customer.email;
    }
    this.restoreDraft();
    this.state = 'ready';
    this.tick();
  }

  /** "Start a new purchase" after a reservation: see `startNewPurchase`; then step 2 of the same trip. */
  async startNewPurchase(): Promise<void> {
    await startNewPurchase((seat) => this.deps.api.releaseSeat(seat), this.deps.storage);
    this.deps.navigate('/pasajes/asientos');
  }

  /** Restores the purchase, then asks the server for its price, the current coupons and the customer's points. */
  load(): void {
    this.restore();
    if (this.state !== 'ready' || this.started) return;
    this.started = true;
    // This store is the page's (loaded from its effect): what was typed before the holds ran out is
    // now in its forms. A store made in a render React threw away never got here, and left it.
    draft = undefined;
    void this.requote();
    void this.loadPromotions();
    if (this.customer) void this.loadPoints();
  }

  private async loadPoints(): Promise<void> {
    const points = await this.deps.api.fetchMyPoints().catch(() => undefined);
    runInAction(() => {
      if (points) this.puntosDisponibles = points.disponibles;
    });
  }

  /** Points already applied to this purchase. */
  get puntosCanje(): number {
    return this.quote?.puntos_canje ?? 0;
  }

  /** The most points this purchase takes: what the customer has, up to the price before points. */
  get pointsThatFit(): number {
    const before = this.quote ? this.quote.total_centimos + this.quote.canje_centimos : this.subtotalCentimos;
    const own = (this.puntosDisponibles ?? 0) + this.puntosCanje;
    return Math.max(0, Math.min(own, Math.floor(before / POINT_VALUE_CENTIMOS)));
  }

  setPoints(value: string): void {
    this.puntos = value;
    this.puntosError = undefined;
  }

  /** Applies the typed points (or, with `all`, all that fit) to the held seats (`/rest/canje/asociar`); 0 removes them. */
  async applyPoints(all = false): Promise<void> {
    const clave = this.clave;
    if (!clave || this.isGuest || this.applyingPoints) return;
    const typed = this.puntos.trim();
    const puntos = all ? this.pointsThatFit : /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
    const parsed = v.safeParse(PointsApplySchema, { clave_bloqueo: clave, puntos });
    if (!parsed.success) {
      this.puntosError = firstIssues(parsed.issues).puntos ?? { key: parsed.issues[0].message };
      return;
    }
    this.puntosError = undefined;
    this.applyingPoints = true;
    try {
      const answer = await this.deps.api.applyPoints(parsed.output);
      runInAction(() => {
        if (!answer) {
          this.puntosError = { key: 'request.failed' };
          return;
        }
        this.quote = answer;
        this.puntosDisponibles = answer.puntos_disponibles;
        this.puntos = answer.puntos_canje > 0 ? String(answer.puntos_canje) : '';
      });
    } catch (error) {
      runInAction(() => {
        this.puntosError = fromError(error).message;
      });
    } finally {
      runInAction(() => {
        this.applyingPoints = false;
      });
    }
  }

  async removePoints(): Promise<void> {
    this.puntos = '0';
    await this.applyPoints();
  }

  tick(now: number = this.deps.now()): void {
    this.now = now;
    if (this.state !== 'ready') return;
    if (this.secondsLeft === 0) this.expire();
    else this.timer.check();
  }

  /** Tells the customer in the hold's live region. */
  announce(message: HoldMessage): void {
    this.holdMessage = message;
  }

  /** The holds with the end an extension gave them. */
  replaceHeld(seats: HeldSeat[]): void {
    this.held = seats;
    writeHeldSeats(seats, this.deps.storage);
  }

  /** The holds ran out: what was typed is kept for when the customer comes back with new seats. */
  private expire(): void {
    this.state = 'expired';
    draft = {
      passengers: this.passengers.map((form) => ({ values: { ...form.values }, responsable: form.responsable, parentesco: form.parentesco })),
      buyer: { ...this.buyer },
      cupon: this.cupon,
    };
  }

  /** Step 3 opened again after its holds ran out: what the customer had typed. */
  private restoreDraft(): void {
    const kept = draft;
    if (!kept) return;
    kept.passengers.forEach((passenger, i) => {
      const form = this.passengers[i];
      if (!form) return;
      form.values = { ...passenger.values };
      form.responsable = passenger.responsable;
      form.parentesco = passenger.parentesco;
    });
    this.buyer = { ...kept.buyer };
    this.cupon = kept.cupon;
  }

  private async loadPromotions(): Promise<void> {
    const promotions = await this.deps.api.fetchPromotions().catch(() => undefined);
    runInAction(() => {
      this.promotions = Array.isArray(promotions) ? promotions : [];
    });
  }

  setBuyer(field: BuyerField, value: string): void {
    this.buyer[field] = value;
    delete this.buyerErrors[field];
    if (field === 'email') this.hasAccount = false;
    if (field === 'ruc') void this.lookUpCompany();
  }

  setTerms(accepted: boolean): void {
    this.terminos = accepted;
    this.termsError = undefined;
  }

  setCoupon(value: string): void {
    this.cupon = value;
    this.cuponError = undefined;
  }

  /** A complete, valid RUC fills the business name from `/rest/juridica/buscar`; an unknown one is typed. */
  async lookUpCompany(): Promise<void> {
    const ruc = this.buyer.ruc.trim();
    if (ruc === this.rucSearched) return;
    this.rucSearched = ruc;
    if (this.rucLookup === 'found') this.buyer.razon_social = '';
    this.rucLookup = 'idle';
    if (!isValidRuc(ruc)) return;
    this.rucLookup = 'searching';
    let company: sales.Company | undefined;
    try {
      company = await this.deps.api.findCompany(ruc);
    } catch {
      company = undefined;
    }
    runInAction(() => {
      if (this.buyer.ruc.trim() !== ruc) return;
      if (company) {
        this.buyer.razon_social = company.razon_social;
        delete this.buyerErrors.razon_social;
      }
      this.rucLookup = company ? 'found' : 'unknown';
    });
  }

  /** A guest's e-mail: `/rest/invitado` introduces them and tells whether the address has an account. */
  async checkGuest(): Promise<boolean> {
    if (!this.isGuest) return true;
    const parsed = v.safeParse(GuestSchema, { nombre: this.buyer.nombre, email: this.buyer.email });
    if (!parsed.success) return false;
    const key = `${parsed.output.nombre}\n${parsed.output.email}`;
    if (key === this.guestChecked) return true;
    const answer = await this.deps.api.introduceGuest(parsed.output);
    if (!answer) return false;
    runInAction(() => {
      this.guestChecked = key;
      this.hasAccount = answer.tiene_cuenta;
    });
    return true;
  }

  async applyCoupon(): Promise<void> {
    const clave = this.clave;
    if (!clave) return;
    const parsed = v.safeParse(QuoteRequestSchema, { clave_bloqueo: clave, cupon: this.cupon });
    if (!parsed.success) {
      this.cuponError = firstIssues(parsed.issues).cupon ?? { key: parsed.issues[0].message };
      return;
    }
    await this.requote(parsed.output.cupon);
  }

  async removeCoupon(): Promise<void> {
    this.cupon = '';
    this.cuponError = undefined;
    await this.requote();
  }

  /** Asks the server for the price of the held seats, with the coupon when given. */
  private async requote(cupon?: string): Promise<void> {
    const clave = this.clave;
    if (!clave) return;
    this.quoting = true;
    try {
      const answer = await this.deps.api.quote(cupon ? { clave_bloqueo: clave, cupon } : { clave_bloqueo: clave });
      runInAction(() => {
        if (answer) this.quote = answer;
        else if (cupon) this.cuponError = { key: 'request.failed' };
      });
    } catch (error) {
      runInAction(() => {
        if (cupon) this.cuponError = fromError(error).message;
      });
    } finally {
      runInAction(() => {
        this.quoting = false;
      });
    }
  }

  fillPassenger(index: number): void {
    const customer = this.deps.customer();
    if (customer) this.passengers[index]?.fillFrom(customer);
  }

  /** Every check of the form, in the page's order; the parsed data when all pass. */
  private checkAll(): { passengers: Passenger[]; buyer: Buyer; guardians: sales.GuardianBody[] } | undefined {
    const clave = this.clave!;
    const items: SummaryItem[] = [];
    const passengers: Passenger[] = [];
    const guardians: sales.GuardianBody[] = [];
    this.passengers.forEach((form, index) => {
      const scope = passengerScope(index);
      const passenger = form.check();
      if (passenger) passengers.push(passenger);
      for (const field of PASSENGER_FIELDS) {
        const message = form.errors[field];
        if (message) items.push({ target: controlId(scope, field), message, passenger: index + 1 });
      }
      delete form.errors.responsable;
      delete form.errors.parentesco;
      for (const leg of this.minorLegs(index)) {
        const guardian = form.responsable === '' ? undefined : Number(form.responsable);
        if (guardian === undefined || !this.guardiansFor(index).includes(guardian)) {
          form.errors.responsable = { key: 'sale.responsable.adult' };
          break;
        }
        const body = {
          clave_bloqueo: clave,
          casiento: leg.seats[index]!.cviaje_asiento,
          casiento_responsable: leg.seats[guardian]!.cviaje_asiento,
          parentesco: form.parentesco,
        };
        const parsed = v.safeParse(MinorGuardianSchema, body);
        if (!parsed.success) {
          const issues = firstIssues(parsed.issues);
          form.errors.parentesco = issues.parentesco ?? { key: parsed.issues[0].message };
          break;
        }
        guardians.push(parsed.output);
      }
      if (form.errors.responsable) items.push({ target: controlId(scope, 'responsable'), message: form.errors.responsable, passenger: index + 1 });
      if (form.errors.parentesco) items.push({ target: controlId(scope, 'parentesco'), message: form.errors.parentesco, passenger: index + 1 });
    });

    const comprador = {
      nombre: this.buyer.nombre,
      email: this.buyer.email,
      comprobante: this.buyer.comprobante,
      ...(this.buyer.comprobante === 'factura' ? { ruc: this.buyer.ruc, razon_social: this.buyer.razon_social } : {}),
    };
    const parsed = v.safeParse(ReservationSchema, { clave_bloqueo: clave, comprador, terminos: this.terminos });
    this.buyerErrors = {};
    this.termsError = undefined;
    let buyer: Buyer | undefined;
    if (parsed.success) buyer = parsed.output.comprador;
    else {
      for (const issue of parsed.issues) {
        const path = v.getDotPath(issue) ?? '';
        const field = path.replace(/^comprador\./, '') as BuyerField;
        if (path === 'terminos') this.termsError ??= { key: issue.message };
        else if ((BUYER_FIELDS as readonly string[]).includes(field)) this.buyerErrors[field] ??= { key: issue.message };
        else this.problem = { key: issue.message };
      }
      // The buyer's own schema too: its messages name the field even when the object fails as a whole.
      const own = v.safeParse(BuyerSchema, comprador);
      if (!own.success) for (const [field, message] of Object.entries(firstIssues(own.issues))) this.buyerErrors[field as BuyerField] ??= message;
    }
    for (const field of BUYER_FIELDS) {
      const message = this.buyerErrors[field];
      if (message) items.push({ target: controlId('buyer', field), message, buyer: true });
    }
    if (this.termsError) items.push({ target: 'terms', message: this.termsError });
    this.summary = items;
    if (items.length || !buyer || passengers.length !== this.passengers.length) return undefined;
    return { passengers, buyer, guardians };
  }

  /**
   * "Reservar": checks everything in the browser, then saves each passenger (`registrar`), ties
   * each seat to its passenger (`asociar`), names the minors' responsible adults (`menor`) and
   * reserves. The answer's code and the purchase key stay in `CRESERVA` for the reservation page.
   * Answers the DOM id to focus: the summary, or undefined when the page moves on.
   */
  async submit(): Promise<string | undefined> {
    if (this.sending || this.state !== 'ready') return undefined;
    this.problem = undefined;
    const checked = this.checkAll();
    if (!checked) return 'payment-summary';
    const clave = this.clave!;
    this.sending = true;
    try {
      if (this.isGuest && !(await this.checkGuest())) throw new Error('guest');
      const saved = new Set<string>();
      for (const [index, passenger] of checked.passengers.entries()) {
        const key = `${passenger.ctipo_documento}:${passenger.numero}`;
        try {
          if (!saved.has(key)) {
            if (!(await this.deps.api.registerPerson(passenger))) throw new Error('network');
            saved.add(key);
          }
          for (const { seat } of this.seatsOf(index)) {
            if (!(await this.deps.api.tieSeat(clave, seat.cviaje_asiento, passenger))) throw new Error('network');
          }
        } catch (error) {
          runInAction(() => this.refuse(error, index));
          return 'payment-summary';
        }
      }
      for (const guardian of checked.guardians) {
        if (!(await this.deps.api.tieGuardian(guardian))) throw new Error('network');
      }
      const body: sales.ReservationBody = { clave_bloqueo: clave, comprador: checked.buyer, terminos: true };
      if (this.quote?.cupon) body.cupon = this.quote.cupon;
      const view = await this.deps.api.reserve(body);
      if (!view) throw new Error('network');
      runInAction(() => this.reserved(view));
      return undefined;
    } catch (error) {
      runInAction(() => this.refuse(error));
      return 'payment-summary';
    } finally {
      runInAction(() => {
        this.sending = false;
      });
    }
  }

  /** The holds became a reservation: only its payment remains (the seats are no longer "held here"). */
  private reserved(view: ReservationView): void {
    const reservation = { ...this.reservation!, clave_bloqueo: this.clave, codigo: view.codigo };
    writeReservation(reservation, this.deps.storage);
    writeHeldSeats([], this.deps.storage);
    this.deps.navigate(`/pasajes/reserva/${view.codigo}`);
  }

  /** A refusal from the server: on a passenger's field when it names one, else for the whole form. */
  private refuse(error: unknown, passenger?: number): void {
    const { field, message } = fromError(error);
    if (error instanceof ApiError && field) {
      const form = passenger === undefined ? undefined : this.passengers[passenger];
      if (form?.refuse(field, message)) {
        const name = field.replace(/^pasajero\./, '');
        this.summary = [{ target: controlId(passengerScope(passenger!), name), message, passenger: passenger! + 1 }];
        return;
      }
      const buyerField = field.replace(/^comprador\./, '');
      if ((BUYER_FIELDS as readonly string[]).includes(buyerField)) {
        this.buyerErrors[buyerField as BuyerField] = message;
        this.summary = [{ target: controlId('buyer', buyerField), message, buyer: true }];
        return;
      }
      if (field === 'cupon') {
        this.cuponError = message;
        this.summary = [{ target: controlId('coupon', 'cupon'), message }];
        return;
      }
    }
    this.summary = [];
    this.problem = message;
  }
}
