import { ALERT, FormState, clock, session, type Customer, type FocusTarget, type FormMessage, type HeldSeat } from '@rumbo/shared';
import { MinorGuardianSchema, type Buyer, type LapChild, type Passenger, type ReservationView, type Trip } from '@rumbo/shared/schemas';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { navigateToUrl } from 'single-spa';
import { limaDay } from '../format';
import { currentTrip, heldSeats, holdsExpireAt, readReservation, secondsUntil, startNewPurchase, writeHeldSeats, writeReservation, type Leg, type Reservation } from '../reservation';
import * as sales from '../sales.resource';
import { HoldTimer, requestExtension, type HoldMessage } from '../seats/hold-timer';
import { seatsUrl } from '../trips-url';
import { BuyerForm, type BuyerField } from './buyer.form';
import { draft } from './draft';
import { PassengerForm } from './passenger.form';
import { PriceStore } from './price.store';
import { summaryOf, type SummaryItem } from './summary';

export interface PaymentDeps {
  api: typeof sales;
  storage: Storage;
  now: () => number;
  customer: () => Customer | null;
  navigate: (url: string) => void;
  /** `seatsEndpoints.holdExtension`. */
  extendHold: (clave: string) => ReturnType<typeof requestExtension>;
}

/** A leg of the purchase with its trip, the Lima date of departure and this browser's seats on it. */
export interface PurchaseLeg {
  tramo: Leg;
  trip: Trip;
  day: string;
  seats: HeldSeat[];
}

/** `reserved`: the purchase in `CRESERVA` is a reservation now; only its payment remains (spec §1). */
export type PageState = 'loading' | 'ready' | 'none' | 'expired' | 'reserved';

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
  readonly buyer: BuyerForm;
  /** The price: the server's quote, the coupon and the points. */
  readonly price: PriceStore;
  /** The purchase as one form: its alert (a refusal about no field, no answer) and its sending. */
  readonly form = new FormState({});
  /** The error summary's entries of the last "Reservar" (they stay while the customer fixes them). */
  summary: SummaryItem[] = [];
  now: number;
  /** What the hold's clock last told (its own live region on this step). */
  holdMessage: HoldMessage | null = null;
  /** The holds' time to finish: the warning before they end and "More time". */
  readonly timer: HoldTimer;
  private readonly deps: PaymentDeps;
  /** The server's price, coupons and points were asked for (once per page). */
  private started = false;

  constructor(deps: Partial<PaymentDeps> = {}) {
    this.deps = {
      api: sales,
      storage: globalThis.sessionStorage,
      now: clock.ms,
      customer: () => session.customer,
      navigate: navigateToUrl,
      extendHold: requestExtension,
      ...deps,
    };
    this.now = this.deps.now();
    this.timer = new HoldTimer(this, this.deps.extendHold);
    this.buyer = new BuyerForm(this.deps.api, () => this.isGuest);
    this.price = new PriceStore(this, this.deps.api);
    makeAutoObservable<PaymentStore, 'deps' | 'started'>(this, {
      deps: false,
      started: false,
      timer: false,
      buyer: false,
      price: false,
      form: false,
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

  /** A message of the whole form (a refusal about no field, no answer). */
  get problem(): FormMessage | undefined {
    return this.form.problem ?? undefined;
  }

  get sending(): boolean {
    return this.form.sending;
  }

  get expiresAt(): number | undefined {
    return holdsExpireAt(this.held);
  }

  get secondsLeft(): number | undefined {
    return secondsUntil(this.expiresAt, this.now);
  }

  /**
   * Reads the purchase that steps 1–2 left in session storage (synchronous): the page renders its
   * form at once, in its first render, instead of rendering a placeholder and then the whole form
   * again as one long task.
   */
  restore(): void {
    // No storage where the build renders the page's frame (Node): nothing is stored there.
    if (this.state !== 'loading' || !this.deps.storage) return;
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
      this.buyer.values.nombre = [customer.name, customer.firstLastName, customer.secondLastName].filter(Boolean).join(' ');
      this.buyer.values.email = customer.email;
    }
    draft.restore(this);
    this.state = 'ready';
    this.tick();
  }

  /** "Start a new purchase" after a reservation: see `startNewPurchase`; then step 2 of the same trip. */
  async startNewPurchase(): Promise<void> {
    await startNewPurchase((seat) => this.deps.api.releaseSeat(seat), this.deps.storage);
    const stored = readReservation(this.deps.storage);
    this.deps.navigate(seatsUrl(stored && currentTrip(stored)));
  }

  /** Restores the purchase, then asks the server for its price, the current coupons and the customer's points. */
  load(): void {
    this.restore();
    if (this.state !== 'ready' || this.started) return;
    this.started = true;
    // This store is the page's (loaded from its effect): what was typed before the holds ran out is
    // now in its forms. A store made in a render React threw away never got here, and left it.
    draft.forget();
    this.price.start();
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
    draft.keep(this);
  }

  setBuyer(field: BuyerField, value: string): void {
    this.buyer.set(field, value);
  }

  setTerms(accepted: boolean): void {
    this.buyer.setTerms(accepted);
  }

  fillPassenger(index: number): void {
    const customer = this.deps.customer();
    if (customer) this.passengers[index]?.fillFrom(customer);
  }

  /** A minor's responsible adult on each leg they are a minor on; undefined when not named (messages set). */
  private checkGuardians(index: number): sales.GuardianBody[] | undefined {
    const form = this.passengers[index]!;
    const guardian = form.guardian;
    guardian.reset(guardian.values);
    const bodies: sales.GuardianBody[] = [];
    for (const leg of this.minorLegs(index)) {
      const adult = guardian.values.responsable === '' ? undefined : Number(guardian.values.responsable);
      if (adult === undefined || !this.guardiansFor(index).includes(adult)) {
        guardian.failField('responsable', { key: 'validation:sale.responsable.adult' });
        return undefined;
      }
      const body = {
        clave_bloqueo: this.clave!,
        casiento: leg.seats[index]!.cviaje_asiento,
        casiento_responsable: leg.seats[adult]!.cviaje_asiento,
        parentesco: guardian.values.parentesco,
        // Issue 34: asked (and sent) only when the adult is not a parent.
        ...(form.needsAuthorization ? { autorizacion_notarial: guardian.values.autorizacion_notarial } : {}),
      };
      const checked = guardian.check(MinorGuardianSchema, body);
      if (!checked.ok) {
        // A message of the body is the relationship's (or the authorization's) to fix (the seats are the purchase's own).
        if (!guardian.fieldError('parentesco') && !guardian.fieldError('autorizacion_notarial')) guardian.failField('parentesco', guardian.errors[0]!);
        return undefined;
      }
      bodies.push(checked.value);
    }
    return bodies;
  }

  /** Every check of the form, in the page's order; the parsed data when all pass. */
  private checkAll(): { passengers: Passenger[]; laps: (LapChild | null)[]; buyer: Buyer; guardians: sales.GuardianBody[] } | undefined {
    const passengers: Passenger[] = [];
    const laps: (LapChild | null)[] = [];
    const guardians: sales.GuardianBody[] = [];
    let lapsOk = true;
    this.passengers.forEach((form, index) => {
      const passenger = form.check();
      if (passenger) passengers.push(passenger);
      guardians.push(...(this.checkGuardians(index) ?? []));
      const lap = form.checkLap(this.seatsOf(index).map(({ leg }) => leg.day));
      if (lap === undefined) lapsOk = false;
      laps.push(lap ?? null);
    });
    const buyer = this.buyer.check(this.clave!);
    // A message about no field of the buyer's (the purchase key): the whole form's.
    const stray = this.buyer.form.errors.filter((error) => !summaryOf.buyerField(error.field)).at(-1);
    if (stray) this.form.fail(stray);
    this.summary = [...this.passengers.flatMap((form) => summaryOf.passenger(form)), ...summaryOf.buyer(this.buyer)];
    if (this.summary.length || !buyer || !lapsOk || passengers.length !== this.passengers.length) return undefined;
    return { passengers, laps, buyer, guardians };
  }

  /**
   * "Reservar": checks everything in the browser, then saves each passenger (`registrar`), ties
   * each seat to its passenger (`asociar`), names the minors' responsible adults (`menor`) and
   * reserves. The answer's code and the purchase key stay in `CRESERVA` for the reservation page.
   * Answers where the focus goes: the summary, or undefined when the page moves on.
   */
  async submit(): Promise<FocusTarget | undefined> {
    if (this.form.sending || this.state !== 'ready') return undefined;
    this.form.problem = null;
    const checked = this.checkAll();
    if (!checked) return ALERT;
    const clave = this.clave!;
    /** The passenger being saved: a refusal then may be about one of their fields. */
    let saving: PassengerForm | undefined;
    const sent = await this.form.send(
      async () => {
        if (this.isGuest && !(await this.buyer.checkGuest())) throw new Error('guest');
        const saved = new Set<string>();
        for (const [index, passenger] of checked.passengers.entries()) {
          saving = this.passengers[index];
          const key = `${passenger.ctipo_documento}:${passenger.numero}`;
          if (!saved.has(key)) {
            if (!(await this.deps.api.registerPerson(passenger))) throw new Error('network');
            saved.add(key);
          }
          for (const { seat } of this.seatsOf(index)) {
            if (!(await this.deps.api.tieSeat(clave, seat.cviaje_asiento, passenger, checked.laps[index] ?? undefined))) throw new Error('network');
          }
        }
        saving = undefined;
        for (const guardian of checked.guardians) {
          if (!(await this.deps.api.tieGuardian(guardian))) throw new Error('network');
        }
        const body: sales.ReservationBody = { clave_bloqueo: clave, comprador: checked.buyer, terminos: true };
        if (this.price.quote?.cupon) body.cupon = this.price.quote.cupon;
        return this.deps.api.reserve(body);
      },
      () => [...(saving ? [saving.form, saving.lap] : []), this.buyer.form, this.price.coupon],
    );
    if (sent.ok) {
      runInAction(() => this.reserved(sent.value));
      return undefined;
    }
    runInAction(() => {
      // The refusal is about one field at most: the summary lists it, or the alert tells it.
      const about = [...(saving ? [summaryOf.passenger(saving)] : []), summaryOf.buyer(this.buyer), summaryOf.coupon(this.price)];
      this.summary = this.form.problem ? [] : (about.find((items) => items.length > 0) ?? []);
    });
    return ALERT;
  }

  /** The holds became a reservation: only its payment remains (the seats are no longer "held here"). */
  private reserved(view: ReservationView): void {
    const reservation = { ...this.reservation!, clave_bloqueo: this.clave, codigo: view.codigo };
    writeReservation(reservation, this.deps.storage);
    writeHeldSeats([], this.deps.storage);
    this.deps.navigate(`/pasajes/reserva/${view.codigo}`);
  }
}
