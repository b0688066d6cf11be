import { ApiError, SEAT_STATE, clock, type HeldSeat } from '@rumbo/shared';
import { MAX_SEATS, type SeatHoldResult, type SeatMap, type Trip, type WaitlistPlace } from '@rumbo/shared/schemas';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { changeSeat, fetchSeatMap, type SeatMapTrip, type SeatRef } from '../booking.resource';
import { archivePurchase, currentTrip, heldSeats, holdsExpireAt, readReservation, releaseHeldSeats, secondsUntil, startNewPurchase, writeHeldSeats, writeReservation, type Reservation } from '../reservation';
import { fetchOfferPurchase } from './waitlist-offer';
import { HoldTimer, requestExtension, type HoldMessage } from './hold-timer';
import { chooseSeats } from './choose-seats';
import { continueUrl, missingOutbound } from './next-step';
import { heldSeatOf, refOf, serverMessage } from './seat-hold';
import { SeatListView } from './seat-list';
import { applyHeldSeats, buildSeatGrid, deckNumber, seatStatus, seatsOf, type Deck, type Seat } from './seat-grid';

/** `reserved`: the purchase in `CRESERVA` is a reservation now; only its payment remains (spec §1). */
export type LoadState = 'loading' | 'ready' | 'failed' | 'none' | 'reserved';

/**
 * A message for the customer: `key` in the `booking` namespace (or `validation:` for the
 * server's codes), `text` the server's own words when it sent a code we do not know.
 */
export type SeatMessage = HoldMessage;

export interface SeatsDeps {
  fetchSeatMap: (trip: SeatMapTrip) => Promise<SeatMap | undefined>;
  /** The seat map the page's loader asked on the server for the trip its address names (its route data, `seatMapOf`), if any. */
  loadedSeatMap: (trip: SeatMapTrip) => SeatMap | undefined;
  changeSeat: (seat: SeatRef, state: 83 | 84, clave?: string) => Promise<SeatHoldResult | undefined>;
  storage: Storage;
  now: () => number;
  /** `seatsEndpoints.holdExtension`. */
  extendHold: (clave: string) => ReturnType<typeof requestExtension>;
  /** Issue 48: a waitlist offer's held seats as this tab's purchase (`fetchOfferPurchase`). */
  fetchOfferPurchase: typeof fetchOfferPurchase;
}

/**
 * Step 2 "Asientos": the seat map of the current leg's trip, this browser's holds (kept in
 * `ASIENTOS` so a reload keeps them), holding and releasing seats, the hold countdown and its
 * expiry.
 */
export class SeatsStore {
  reservation: Reservation | undefined = undefined;
  map: SeatMap | undefined = undefined;
  state: LoadState = 'loading';
  held: HeldSeat[] = [];
  deck = 15;
  message: SeatMessage | null = null;
  /** The seats as the map or as a list (filterable). */
  readonly list = new SeatListView(() => this.decks);
  /** "Choose for me" is holding its seats. */
  choosing = false;
  /** Seats whose hold or release is on its way. */
  pending = new Set<number>();
  now: number;
  /** The holds' time to finish: the warning before they end and "More time". */
  readonly timer: HoldTimer;
  private readonly deps: SeatsDeps;
  /** The purchase was read from session storage. */
  private restored = false;

  constructor(deps: Partial<SeatsDeps> = {}) {
    this.deps = { fetchSeatMap, loadedSeatMap: () => undefined, changeSeat, extendHold: requestExtension, fetchOfferPurchase, storage: globalThis.sessionStorage, now: clock.ms, ...deps };
    this.now = this.deps.now();
    // The store is the timer's host: its holds, key and clock, where it keeps and announces.
    this.timer = new HoldTimer(this, this.deps.extendHold);
    // What comes from storage and the API is replaced whole, never changed in place: kept by reference, not
    // made observable item by item (the seat map has hundreds of cells).
    makeAutoObservable<SeatsStore, 'deps' | 'restored'>(this, {
      deps: false,
      timer: false,
      list: false,
      restored: false,
      map: observableRef,
      reservation: observableRef,
      held: observableRef,
    });
  }

  /** The payment code when the purchase in `CRESERVA` is already a reservation. */
  get reservedCode(): string | undefined {
    return this.reservation?.codigo;
  }

  get trip(): Trip | undefined {
    return this.reservation && currentTrip(this.reservation);
  }

  get decks(): Deck[] {
    const trip = this.trip;
    if (!trip || !this.map) return [];
    return buildSeatGrid(trip.cviaje, applyHeldSeats(trip.cviaje, this.map.asientos, this.held), this.held);
  }

  get currentDeck(): Deck | undefined {
    return this.decks.find((deck) => deck.gnivel_piso === this.deck) ?? this.decks[0];
  }

  /** Seat numbers of the priority seats (`especiales`), per deck. */
  isPreferential(seat: Seat): boolean {
    return Boolean(this.map?.especiales.some((special) => special.nasiento === seat.nasiento && special.gnivel_piso === seat.gnivel_piso));
  }

  /** This browser's seats on the current trip, in the order held. */
  get mine(): HeldSeat[] {
    const cviaje = this.trip?.cviaje;
    return this.held.filter((seat) => seat.cviaje === cviaje);
  }

  /** How many seats this leg needs: one per passenger (never more than MAX_SEATS). */
  get needed(): number {
    return Math.min(this.reservation?.search.pasajeros ?? 1, MAX_SEATS);
  }

  get total(): number {
    return this.mine.reduce((sum, seat) => sum + seat.precio, 0);
  }

  /** When the first of the purchase's holds ends (ms), if any. */
  get expiresAt(): number | undefined {
    return holdsExpireAt(this.held);
  }

  /** Whole seconds left on the holds, if any. */
  get secondsLeft(): number | undefined {
    return secondsUntil(this.expiresAt, this.now);
  }

  /** The purchase key of the holds. */
  get clave(): string | undefined {
    return this.reservation?.clave_bloqueo ?? this.held[0]?.clave_bloqueo;
  }

  /** Tells the customer in the map's live region. */
  announce(message: SeatMessage): void {
    this.message = message;
  }

  /** The holds with the end an extension gave them. */
  replaceHeld(seats: HeldSeat[]): void {
    this.held = seats;
    writeHeldSeats(this.held, this.deps.storage);
  }

  /** The return leg needs the outbound trip's seats first. */
  get missingOutbound(): boolean {
    return missingOutbound(this.reservation, this.held);
  }

  get canContinue(): boolean {
    return this.mine.length === this.needed && !this.missingOutbound;
  }

  get continueUrl(): string {
    return continueUrl(this.reservation);
  }

  get goesToReturn(): boolean {
    return this.continueUrl !== '/pasajes/pago';
  }

  setDeck(gnivel_piso: number): void {
    this.deck = gnivel_piso;
  }

  dismiss(): void {
    this.message = null;
  }

  /** Back to the outbound leg's seats (its trip stays chosen). */
  toOutbound(): void {
    if (!this.reservation) return;
    this.reservation = { ...this.reservation, tramo: 'ida' };
    writeReservation(this.reservation, this.deps.storage);
    void this.load();
  }

  /**
   * Reads the chosen trip and this browser's holds from session storage (synchronous): the page
   * calls it in its first render, so its heading and trip show at once rather than in a second,
   * store-driven render; only the seat map waits for the server. Once: `load()` reads it again.
   */
  restore(): void {
    // No storage where the build renders the page's frame (Node): nothing is stored there.
    if (this.restored || !this.deps.storage) return;
    this.restored = true;
    this.reservation = readReservation(this.deps.storage);
    this.held = heldSeats(this.deps.storage);
    this.state = this.reservedCode ? 'reserved' : this.trip ? 'loading' : 'none';
  }

  /** Reads the purchase from session storage again, then fetches the seat map. */
  async load(): Promise<void> {
    this.restored = false;
    this.restore();
    if (this.trip && this.state === 'loading') await this.refresh();
  }

  /**
   * The customer chose to start a new purchase after reserving: the reservation stays reachable by
   * its code, anything this tab still held is released, and the same trip's seats are chosen anew.
   */
  async startNewPurchase(): Promise<void> {
    await startNewPurchase((seat) => this.deps.changeSeat(seat, SEAT_STATE.AVAILABLE, seat.clave_bloqueo), this.deps.storage);
    await this.load();
  }

  /**
   * Issue 48: opens a waitlist offer (its mailed link): the seats held for the customer become this
   * tab's purchase, and what the tab held before is let go (a reservation it made stays reachable by
   * its code). False, with the reason in the live region, when the offer is over or its trip gone.
   */
  async openOffer(place: WaitlistPlace): Promise<boolean> {
    this.state = 'loading';
    let purchase: Awaited<ReturnType<SeatsDeps['fetchOfferPurchase']>>;
    try {
      purchase = await this.deps.fetchOfferPurchase(place);
    } catch (error) {
      purchase = undefined;
      if (error instanceof ApiError) runInAction(() => (this.message = serverMessage(error)));
    }
    if (!purchase) {
      runInAction(() => {
        this.message ??= { tone: 'error', key: 'seats.offerGone' };
        this.state = 'none';
      });
      return false;
    }
    archivePurchase(this.deps.storage);
    await releaseHeldSeats((seat) => this.deps.changeSeat(seat, SEAT_STATE.AVAILABLE, seat.clave_bloqueo), this.deps.storage);
    writeReservation(purchase.reservation, this.deps.storage);
    writeHeldSeats(purchase.held, this.deps.storage);
    runInAction(() => (this.message = { tone: 'info', key: 'seats.offerOpened', params: { count: purchase.held.length } }));
    await this.load();
    return true;
  }

  /** The page's start: the purchase as restored in its first render (read once), then the seat map. */
  async start(): Promise<void> {
    this.restore();
    const trip = this.trip;
    if (!trip || this.state !== 'loading') return;
    // The map the server's loader asked for the trip in the page's address shows at once; then the live one.
    const loaded = this.deps.loadedSeatMap(trip);
    if (loaded) this.showMap(loaded);
    await this.refresh();
  }

  private showMap(map: SeatMap): void {
    this.map = map;
    this.state = 'ready';
    if (!this.decks.some((deck) => deck.gnivel_piso === this.deck)) this.deck = this.decks[0]?.gnivel_piso ?? 15;
  }

  /** Fetches the map again (after a seat was taken, or on "try again"). */
  async refresh(): Promise<void> {
    const trip = this.trip;
    if (!trip) return;
    let map: SeatMap | undefined;
    try {
      map = await this.deps.fetchSeatMap(trip);
    } catch (error) {
      runInAction(() => {
        if (error instanceof ApiError) this.message = serverMessage(error);
      });
    }
    runInAction(() => {
      if (map) {
        this.showMap(map);
      } else if (!this.map) {
        this.state = 'failed';
      }
    });
  }

  /** A click on a seat: holds it, or releases it when it is already this browser's. */
  async toggle(seat: Seat): Promise<void> {
    const trip = this.trip;
    // A reservation is not changed: holding here would add a seat its payment never covers.
    if (!trip || this.reservedCode || this.pending.has(seat.nasiento)) return;
    const status = seatStatus(seat);
    if (status === 'selected') return this.release(seat.nasiento);
    if (status === 'occupied' || seat.cviaje_asiento === null) {
      this.message = { tone: 'error', key: 'seats.occupied', params: { n: seat.nasiento } };
      return;
    }
    if (this.mine.length >= this.needed) {
      this.message = { tone: 'error', key: 'seats.limit', params: { count: this.needed } };
      return;
    }
    this.message = null;
    if (await this.take(trip, seat)) runInAction(() => (this.message = { tone: 'info', key: 'seats.held', params: { n: seat.nasiento } }));
  }

  /** Holds one seat for the purchase; tells the customer only when it fails. */
  private async take(trip: Trip, seat: Seat): Promise<boolean> {
    this.pending.add(seat.nasiento);
    try {
      const result = await this.deps.changeSeat(refOf(trip, seat), SEAT_STATE.HELD, this.clave);
      return runInAction(() => {
        if (!result || !result.expira) {
          this.message = { tone: 'error', key: 'seats.network' };
          return false;
        }
        this.keep(heldSeatOf(trip, seat, result, result.expira));
        return true;
      });
    } catch (error) {
      runInAction(() => {
        this.message = error instanceof ApiError ? serverMessage(error) : { tone: 'error', key: 'seats.network' };
      });
      if (error instanceof ApiError && error.code === 'seat.taken') await this.refresh();
      return false;
    } finally {
      runInAction(() => this.pending.delete(seat.nasiento));
    }
  }

  /**
   * "Choose for me": holds the best free seats together for the passengers still without one
   * (`chooseSeats`: adjacent, one deck, cheapest class first, or the class of the list's filter),
   * one after the other, and tells which in one message.
   */
  async chooseForMe(): Promise<void> {
    const trip = this.trip;
    if (!trip || this.reservedCode || this.choosing) return;
    const count = this.needed - this.mine.length;
    if (count <= 0) {
      this.message = { tone: 'error', key: 'seats.limit', params: { count: this.needed } };
      return;
    }
    const clase = this.list.filter.clase ? Number(this.list.filter.clase) : undefined;
    const picks = chooseSeats(this.decks, count, clase);
    if (!picks || picks.length === 0) {
      this.message = { tone: 'error', key: clase ? 'seats.chooseNoneClass' : 'seats.chooseNone', params: { count } };
      return;
    }
    this.choosing = true;
    this.message = null;
    const taken: Seat[] = [];
    try {
      for (const seat of picks) {
        if (!(await this.take(trip, seat))) break;
        taken.push(seat);
      }
    } finally {
      runInAction(() => {
        this.choosing = false;
        if (taken.length === picks.length) {
          const first = taken[0]!;
          this.message = {
            tone: 'info',
            key: 'seats.chosenForYou',
            params: { count: taken.length, seats: taken.map((seat) => seat.nasiento).join(', '), piso: deckNumber(first.gnivel_piso) },
          };
          if (this.deck !== first.gnivel_piso) this.deck = first.gnivel_piso;
        }
      });
    }
  }

  /** Releases one of this browser's seats on the current trip (state 83). */
  async release(nasiento: number): Promise<void> {
    const seat = this.mine.find((held) => held.nasiento === nasiento);
    if (!seat || this.pending.has(nasiento)) return;
    this.pending.add(nasiento);
    this.message = null;
    try {
      const result = await this.deps.changeSeat(seat, SEAT_STATE.AVAILABLE, seat.clave_bloqueo);
      runInAction(() => {
        if (!result) {
          this.message = { tone: 'error', key: 'seats.network' };
          return;
        }
        this.forget([seat]);
        this.showAvailable(seat);
        this.message = { tone: 'info', key: 'seats.released', params: { n: nasiento } };
      });
    } catch (error) {
      runInAction(() => {
        // Not ours any more (expired and taken): it is gone from this purchase either way.
        if (error instanceof ApiError && error.code === 'seat.notHeld') this.forget([seat]);
        this.message = error instanceof ApiError ? serverMessage(error) : { tone: 'error', key: 'seats.network' };
      });
      if (error instanceof ApiError) await this.refresh();
    } finally {
      runInAction(() => this.pending.delete(nasiento));
    }
  }

  /**
   * The countdown's clock (the page calls it every second). When the holds run out, every seat
   * of the purchase is released, the customer told, and the map fetched again.
   */
  tick(now: number = this.deps.now()): void {
    this.now = now;
    const at = this.expiresAt;
    if (at !== undefined && at <= now) void this.expire();
    else this.timer.check();
  }

  /** Whether the holds' expiry is being released (the clock keeps ticking meanwhile). */
  private expiring = false;

  private async expire(): Promise<void> {
    if (this.expiring) return;
    this.expiring = true;
    const seats = this.held;
    this.message = { tone: 'error', key: 'seats.expired' };
    try {
      // Spec §4: state 83 sent for every held seat, then the list cleared.
      await Promise.all(seats.map((seat) => this.deps.changeSeat(seat, SEAT_STATE.AVAILABLE, seat.clave_bloqueo).catch(() => undefined)));
      runInAction(() => this.forget(seats));
    } finally {
      this.expiring = false;
    }
    await this.refresh();
  }

  private keep(seat: HeldSeat): void {
    this.held = [...this.held.filter((held) => !(held.cviaje === seat.cviaje && held.nasiento === seat.nasiento)), seat];
    writeHeldSeats(this.held, this.deps.storage);
    if (this.reservation && this.reservation.clave_bloqueo !== seat.clave_bloqueo) {
      this.reservation = { ...this.reservation, clave_bloqueo: seat.clave_bloqueo };
      writeReservation(this.reservation, this.deps.storage);
    }
  }

  /**
   * A seat this browser released is free on the server (83): the map drawn from the last fetch
   * (where this browser's own hold read 84, shown taken once it is no longer in `ASIENTOS`) says so.
   */
  private showAvailable(seat: HeldSeat): void {
    if (!this.map || seat.cviaje !== this.trip?.cviaje) return;
    this.map = {
      ...this.map,
      asientos: this.map.asientos.map((cell) =>
        cell.nasiento === seat.nasiento && cell.gnivel_piso === seat.gnivel_piso ? { ...cell, gestado_asiento: SEAT_STATE.AVAILABLE, cviaje_asiento: seat.cviaje_asiento } : cell,
      ),
    };
  }

  private forget(seats: readonly HeldSeat[]): void {
    const gone = new Set(seats);
    this.held = this.held.filter((seat) => !gone.has(seat));
    writeHeldSeats(this.held, this.deps.storage);
  }

  /** The seats of every deck (for tests and the summary). */
  get seats(): Seat[] {
    return seatsOf(this.decks);
  }
}
