import { SEAT_STATE, clock, type HeldSeat } from '@rumbo/shared';
import { SALES_WINDOW_DAYS, addDays, limaToday, type FareDay, type Trip, type TripSearchForm, type TripStop } from '@rumbo/shared/schemas';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { changeSeat, fetchFareCalendar, fetchStops, searchTrips, type StopsTrip, type TripQuery } from '../booking.resource';
import { classesOf, fromPrice } from '../format';
import { archivePurchase, currentTrip, heldSeats, readReservation, writeHeldSeats, writeReservation, type Reservation } from '../reservation';
import { legQuery, seatsUrl, tripsUrl, type Leg } from '../trips-url';

export type SortKey = 'salida' | 'precio';
export type LoadState = 'loading' | 'ready' | 'failed';

export interface StopsEntry {
  state: LoadState;
  stops: TripStop[];
}

export interface TripsDeps {
  searchTrips: (query: TripQuery) => Promise<Trip[] | undefined>;
  /** The day's trips the page's loader asked on the server for the leg its address names (its route data, `tripsOf`), if any. */
  loadedTrips: (query: TripQuery) => Trip[] | undefined;
  fetchStops: (trip: StopsTrip) => Promise<TripStop[] | undefined>;
  /** The fare calendar around the leg's day (issue 48), and the one the server's loader asked. */
  fareCalendar: (query: TripQuery) => Promise<FareDay[] | undefined>;
  loadedFareCalendar: (query: TripQuery) => FareDay[] | undefined;
  releaseSeat: (seat: HeldSeat) => Promise<unknown>;
  storage: Storage;
  now: () => Date;
}

const releaseSeat = (seat: HeldSeat) => changeSeat(seat, SEAT_STATE.AVAILABLE, seat.clave_bloqueo);

/**
 * Step 1 "Destinos": the trips of one day for one leg of the search, sorted and filtered as the
 * customer asks, their stops on demand, and the choice of a trip (kept in `CRESERVA`).
 */
export class TripsStore {
  trips: Trip[] = [];
  state: LoadState = 'loading';
  sort: SortKey = 'salida';
  /** Seat class shown (140, 160, 180), or 0 for all. */
  clase = 0;
  stops = new Map<number, StopsEntry>();
  /** The lowest price of each day around the leg's day (empty until known: the calendar is then not drawn). */
  calendar: FareDay[] = [];
  private readonly deps: TripsDeps;
  /** The loader's trips, until `load` has compared the live answer with them. */
  private loaded: Trip[] | undefined;

  constructor(
    readonly search: TripSearchForm,
    readonly leg: Leg = 'ida',
    deps: Partial<TripsDeps> = {},
  ) {
    this.deps = { searchTrips, loadedTrips: () => undefined, fetchStops, fareCalendar: fetchFareCalendar, loadedFareCalendar: () => undefined, releaseSeat, storage: globalThis.sessionStorage, now: clock.now, ...deps };
    // The trips the server's loader asked for the leg in the page's address are shown from the
    // first render (the server's, and the browser's that hydrates it); `load` then asks them anew.
    this.loaded = this.deps.loadedTrips(this.query);
    if (this.loaded) this.show(this.loaded);
    this.calendar = this.deps.loadedFareCalendar(this.query) ?? [];
    // The day's trips are replaced whole, never changed in place: kept by reference, not made observable trip by trip.
    makeAutoObservable<TripsStore, 'deps' | 'loaded'>(this, { deps: false, loaded: false, search: false, leg: false, trips: observableRef, calendar: observableRef });
  }

  /** The leg's query: the return leg goes back on the return date. */
  get query(): TripQuery {
    return legQuery(this.search, this.leg);
  }

  get visible(): Trip[] {
    const shown = this.clase ? this.trips.filter((trip) => classesOf(trip).includes(this.clase)) : [...this.trips];
    const price = (trip: Trip) => fromPrice(trip) ?? Number.POSITIVE_INFINITY;
    return shown.sort((a, b) =>
      this.sort === 'precio' ? price(a) - price(b) || a.fecha_salida.localeCompare(b.fecha_salida) : a.fecha_salida.localeCompare(b.fecha_salida),
    );
  }

  /** The leg's cities by name once trips are known, else by code. */
  get cityNames(): { origen: string; destino: string } {
    const first = this.trips[0];
    return first
      ? { origen: first.terminal_salida.ciudad, destino: first.terminal_llegada.ciudad }
      : { origen: this.query.origen, destino: this.query.destino };
  }

  /** Seat classes sold by some trip of the day (the filter's choices). */
  get classes(): number[] {
    return [...new Set(this.trips.flatMap(classesOf))].sort((a, b) => a - b);
  }

  setSort(sort: SortKey): void {
    this.sort = sort;
  }

  setClase(clase: number): void {
    this.clase = clase;
  }

  async load(): Promise<void> {
    // The trips the server's loader asked (shown since the first render), then the live ones.
    const loaded = this.loaded;
    this.loaded = undefined;
    if (loaded) this.show(loaded);
    else this.state = 'loading';
    void this.loadCalendar();
    const trips = await this.deps.searchTrips(this.query).catch(() => undefined);
    runInAction(() => {
      // The same answer again changes nothing (the list is not drawn a second time); a failed refresh keeps the list shown.
      if (trips && !(loaded && JSON.stringify(trips) === JSON.stringify(loaded))) this.show(trips);
      else if (!trips && !loaded) {
        this.trips = [];
        this.state = 'failed';
      }
    });
  }

  /** The calendar asked anew (the loader's may be a minute old); a failure keeps what is shown. */
  private async loadCalendar(): Promise<void> {
    const days = await this.deps.fareCalendar(this.query).catch(() => undefined);
    if (days && JSON.stringify(days) !== JSON.stringify(this.calendar)) runInAction(() => (this.calendar = days));
  }

  private show(trips: Trip[]): void {
    this.trips = trips;
    this.state = 'ready';
    if (this.clase && !this.classes.includes(this.clase)) this.clase = 0;
  }

  /** Shows or hides a trip's stops, fetching them the first time (or after a failure). */
  async toggleStops(cviaje: number): Promise<void> {
    const entry = this.stops.get(cviaje);
    if (entry && entry.state !== 'failed') {
      this.stops.delete(cviaje);
      return;
    }
    this.stops.set(cviaje, { state: 'loading', stops: [] });
    // The stops of the passenger's stretch (the trip as the day's list gives it).
    const trip = this.trips.find((t) => t.cviaje === cviaje);
    const stretch = trip ? { cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino } : {};
    const stops = await this.deps.fetchStops({ cviaje, ...stretch }).catch(() => undefined);
    runInAction(() => this.stops.set(cviaje, { state: stops ? 'ready' : 'failed', stops: stops ?? [] }));
  }

  private get today(): string {
    return limaToday(this.deps.now());
  }

  /** Step 1's URL for the day `offset` days away, or undefined outside the sales window. */
  dayUrl(offset: number): string | undefined {
    return this.dayUrlOf(addDays(this.query.fecha, offset));
  }

  /** Step 1's URL for this leg on `day` (YYYY-MM-DD), or undefined outside the sales window. */
  dayUrlOf(day: string): string | undefined {
    if (day < this.today || day > addDays(this.today, SALES_WINDOW_DAYS)) return undefined;
    if (this.leg === 'vuelta') {
      if (day < this.search.fecha) return undefined;
      return tripsUrl({ ...this.search, regreso: day }, 'vuelta');
    }
    const regreso = this.search.regreso && this.search.regreso < day ? day : this.search.regreso;
    return tripsUrl({ ...this.search, fecha: day, regreso }, 'ida');
  }

  /**
   * Keeps the chosen trip in `CRESERVA` for step 2; seats this browser held on another trip of
   * the same leg are released (a new trip, a new choice of seats).
   */
  choose(trip: Trip): string {
    const stored = readReservation(this.deps.storage);
    // A purchase that is a reservation now is not continued: a new choice starts a new purchase (new key); its code stays reachable.
    if (stored?.codigo) archivePurchase(this.deps.storage);
    const previous = stored?.codigo ? undefined : stored;
    const sameSearch = previous && JSON.stringify(previous.search) === JSON.stringify(this.search);
    const reservation: Reservation =
      this.leg === 'vuelta' && sameSearch && previous.ida
        ? { ...previous, vuelta: trip, tramo: 'vuelta' }
        : { search: this.search, ida: trip, tramo: 'ida', clave_bloqueo: previous?.clave_bloqueo };
    const keep = new Set([reservation.ida?.cviaje, reservation.vuelta?.cviaje]);
    const held = heldSeats(this.deps.storage);
    const dropped = held.filter((seat) => !keep.has(seat.cviaje));
    // Spec §4: state 83 sent for every seat left behind, then the list cleared of them.
    for (const seat of dropped) void this.deps.releaseSeat(seat).catch(() => undefined);
    writeHeldSeats(
      held.filter((seat) => keep.has(seat.cviaje)),
      this.deps.storage,
    );
    writeReservation(reservation, this.deps.storage);
    // Step 2's address names the trip, so the server's loader asks its seat map.
    return seatsUrl(currentTrip(reservation));
  }
}
