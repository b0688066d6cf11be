import { ApiError, FormState, clock, POSTPONE_STORAGE_PREFIX, SEAT_STATE, session, type FormMessage, type HeldSeat } from '@rumbo/shared';
import {
  addDays,
  limaToday,
  PostponeSchema,
  SALES_WINDOW_DAYS,
  TicketLookupSchema,
  TripSearchFormSchema,
  type PostponableTicket,
  type Ticket,
  type Trip,
} from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import { navigateToUrl } from 'single-spa';
import { changeSeat, type SeatRef } from '../booking.resource';
import { limaDay } from '../format';
import { heldSeats, openPurchase, scopedStorage, ticketAccess } from '../reservation';
import * as sales from '../sales.resource';
import { SeatsStore, type SeatsDeps } from '../seats/seats.store';
import { TripsStore, type TripsDeps } from '../trips/trips.store';

/** Where the postponement keeps its own trip and seat hold (a new purchase key), apart from a booking in progress. */
export { POSTPONE_STORAGE_PREFIX };

export interface PostponeDeps {
  api: Pick<typeof sales, 'lookUpTicket' | 'postponeTicket'>;
  /** The tab's session storage (the reservation page's purchase keys live there). */
  storage: Storage;
  releaseSeat: (seat: SeatRef, clave: string) => Promise<unknown>;
  signedIn: () => boolean;
  navigate: (url: string) => void;
  now: () => Date;
  trips?: Partial<TripsDeps>;
  seats?: Partial<SeatsDeps>;
}

/** loading → ready; noAccess (neither signed in nor the purchase's key here); refused (the server said why); failed. */
export type PostponeState = 'loading' | 'ready' | 'noAccess' | 'refused' | 'failed';

/**
 * `/pasajes/postergar/{numero}`: a ticket, until when it can be postponed (or why not), a new day
 * → that day's trips of the same route (step 1's store) → a seat held under a new purchase key
 * (step 2's store) → `endpoints.postpone`. No fare difference: the new ticket is shown;
 * a difference: the reservation page of the answered code takes its payment.
 */
export class PostponeStore {
  state: PostponeState = 'loading';
  info: PostponableTicket | undefined = undefined;
  /** The new day. */
  readonly day = new FormState({ fecha: '' });
  trips: TripsStore | undefined = undefined;
  seats: SeatsStore | undefined = undefined;
  /** The ticket's look-up and the postponement itself: their alert, and the postponement's sending. */
  readonly postponement = new FormState({});
  /** The new ticket, when the postponement cost nothing more. */
  issued: Ticket | undefined = undefined;
  readonly numero: string;
  readonly holds: Storage;
  private readonly deps: PostponeDeps;

  constructor(numero: string, deps: Partial<PostponeDeps> = {}) {
    this.numero = numero.trim().toUpperCase();
    this.deps = {
      api: sales,
      storage: globalThis.sessionStorage,
      releaseSeat: (seat, clave) => changeSeat(seat, SEAT_STATE.AVAILABLE, clave),
      signedIn: () => session.customer !== null,
      navigate: navigateToUrl,
      now: clock.now,
      ...deps,
    };
    this.holds = scopedStorage(POSTPONE_STORAGE_PREFIX, this.deps.storage);
    makeAutoObservable<PostponeStore, 'deps'>(this, { deps: false, numero: false, holds: false, day: false, postponement: false });
  }

  get fecha(): string {
    return this.day.values.fecha;
  }

  get fechaError(): FormMessage | undefined {
    return this.day.soleMessage('fecha');
  }

  get problem(): FormMessage | undefined {
    return this.postponement.problem ?? undefined;
  }

  get confirming(): boolean {
    return this.postponement.sending;
  }

  private get access() {
    return ticketAccess(this.numero, this.deps.storage, this.deps.signedIn());
  }

  get today(): string {
    return limaToday(this.deps.now());
  }

  get lastDay(): string {
    return addDays(this.today, SALES_WINDOW_DAYS);
  }

  /** The seat held for the new ticket, if any. */
  get chosen(): HeldSeat | undefined {
    return this.seats?.mine[0];
  }

  get step(): 'day' | 'trip' | 'seat' | 'done' {
    if (this.issued) return 'done';
    if (this.seats) return 'seat';
    if (this.trips) return 'trip';
    return 'day';
  }

  async load(): Promise<void> {
    await this.releaseHolds();
    const access = this.access;
    const checked = this.postponement.checkAlert(TicketLookupSchema, access);
    if (!checked.ok) {
      runInAction(() => {
        this.state = 'refused';
      });
      return;
    }
    if (!access.clave_bloqueo && !this.deps.signedIn()) {
      runInAction(() => {
        this.state = 'noAccess';
      });
      return;
    }
    runInAction(() => {
      this.state = 'loading';
    });
    try {
      const info = await this.deps.api.lookUpTicket(checked.value);
      runInAction(() => {
        if (!info) {
          this.state = 'failed';
          return;
        }
        this.info = info;
        this.state = 'ready';
        const next = addDays(limaDay(info.boleto.salida), 1);
        this.day.reset({ fecha: next < this.today ? this.today : next > this.lastDay ? this.lastDay : next });
      });
    } catch (error) {
      runInAction(() => {
        this.postponement.refuse(error);
        this.state = error instanceof ApiError && error.status === 401 ? 'noAccess' : 'refused';
      });
    }
  }

  setFecha(fecha: string): void {
    this.day.reset({ fecha });
  }

  /** The day's trips of the ticket's route (the same origin and destination). */
  async showTrips(): Promise<boolean> {
    const info = this.info;
    if (!info?.postergable) return false;
    const checked = this.day.check(TripSearchFormSchema, { origen: info.origen_codigo, destino: info.destino_codigo, fecha: this.fecha, pasajeros: 1 });
    if (!checked.ok) return false;
    await this.releaseHolds();
    runInAction(() => {
      this.seats = undefined;
      this.postponement.problem = null;
      this.trips = new TripsStore(checked.value, 'ida', { storage: this.holds, now: this.deps.now, ...this.deps.trips });
    });
    await this.trips!.load();
    return true;
  }

  /** A trip of the list: step 2's seat map for it, one seat, held with a new purchase key. */
  async chooseTrip(trip: Trip): Promise<void> {
    if (!this.trips) return;
    this.trips.choose(trip);
    const seats = new SeatsStore({ storage: this.holds, ...this.deps.seats });
    this.seats = seats;
    this.postponement.problem = null;
    await seats.load();
  }

  /** Back to the day's trips (the seat held so far is released). */
  async backToTrips(): Promise<void> {
    await this.releaseHolds();
    runInAction(() => {
      this.seats = undefined;
      this.postponement.problem = null;
    });
  }

  /** Moves the ticket to the held seat. */
  async confirm(): Promise<boolean> {
    const seat = this.chosen;
    if (!seat || this.confirming) return false;
    const checked = this.postponement.checkAlert(PostponeSchema, { ...this.access, clave_nueva: seat.clave_bloqueo, cviaje_asiento: seat.cviaje_asiento });
    if (!checked.ok) return false;
    const sent = await this.postponement.send(() =>
      this.deps.api.postponeTicket(checked.value).catch(async (error: unknown) => {
        // The seat is no longer this page's: the map shows it as it is now.
        if (error instanceof ApiError && (error.code === 'postpone.seatNotHeld' || error.code === 'seat.notHeld')) await this.seats?.load();
        throw error;
      }),
    );
    if (!sent.ok) return false;
    const answer = sent.value;
    this.holds.clear();
    if (answer.estado === 'pendiente') {
      // The tab's booking in progress, replaced by this purchase, frees its seats first (spec §4).
      await openPurchase(answer.codigo, seat.clave_bloqueo, (held) => this.deps.releaseSeat(held, held.clave_bloqueo), this.deps.storage);
      this.deps.navigate(`/pasajes/reserva/${answer.codigo}`);
      return true;
    }
    runInAction(() => {
      this.issued = answer.boleto;
      this.seats = undefined;
      this.trips = undefined;
    });
    return true;
  }

  /**
   * Frees a seat this page held before (a reload, another day, another trip), then forgets it and
   * the search it was held in (spec §4: the releases sent while the seats are listed, then the list cleared).
   */
  private async releaseHolds(): Promise<void> {
    const held = heldSeats(this.holds);
    await Promise.all(held.map((seat) => this.deps.releaseSeat(seat, seat.clave_bloqueo).catch(() => undefined)));
    this.holds.clear();
  }
}
