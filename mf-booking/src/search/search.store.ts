import { clock } from '@rumbo/shared';
import { MAX_SEATS, SALES_WINDOW_DAYS, TripSearchFormSchema, addDays, limaToday, type Terminal, type TripSearchForm } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import * as v from 'valibot';
import { fetchTerminals } from '../booking.resource';
import { tripsUrl } from '../trips-url';

export type SearchField = 'origen' | 'destino' | 'fecha' | 'regreso' | 'pasajeros';
const FIELDS: readonly SearchField[] = ['origen', 'destino', 'fecha', 'regreso', 'pasajeros'];

/** A city customers can travel from or to: its `endpoints.cities` code and its terminals. */
export interface CityOption {
  codigo: string;
  ciudad: string;
  terminales: string[];
}

export interface SearchMessage {
  field: SearchField;
  /** A `validation` namespace key. */
  key: string;
}

export type LoadState = 'loading' | 'ready' | 'failed';

export interface SearchDeps {
  fetchTerminals: () => Promise<Terminal[] | undefined>;
  now: () => Date;
  /**
   * The terminals the page was rendered with (its route data, or the named part's: the form is
   * in the page's HTML with its city fields ready, and hydrates ready, with no request first), if any.
   */
  fromServer: () => Terminal[] | undefined;
}

/** The terminals grouped by city, cities by name. */
export function citiesOf(terminals: readonly Terminal[], language = 'es'): CityOption[] {
  const byCode = new Map<string, CityOption>();
  for (const terminal of terminals) {
    const city = byCode.get(terminal.codigo) ?? { codigo: terminal.codigo, ciudad: terminal.ciudad, terminales: [] };
    city.terminales.push(terminal.nombre);
    byCode.set(terminal.codigo, city);
  }
  return [...byCode.values()].sort((a, b) => a.ciudad.localeCompare(b.ciudad, language));
}

export type SearchValues = Record<SearchField, string>;

/**
 * The search widget's state: the form as typed, its messages (the shared schema's keys), and the
 * cities from `endpoints.terminals`. `submit` answers step 1's URL when the form is valid.
 */
export class SearchStore {
  values: SearchValues;
  errors: SearchMessage[] = [];
  terminals: Terminal[] = [];
  terminalsState: LoadState = 'loading';
  private readonly deps: SearchDeps;

  constructor(initial: Partial<TripSearchForm> = {}, deps: Partial<SearchDeps> = {}) {
    this.deps = { fetchTerminals, now: clock.now, fromServer: () => undefined, ...deps };
    const fromServer = this.deps.fromServer();
    if (fromServer) {
      this.terminals = fromServer;
      this.terminalsState = 'ready';
    }
    this.values = {
      origen: initial.origen ?? '',
      destino: initial.destino ?? '',
      fecha: initial.fecha ?? this.today,
      regreso: initial.regreso ?? '',
      pasajeros: String(initial.pasajeros ?? 1),
    };
    makeAutoObservable<SearchStore, 'deps'>(this, { deps: false });
  }

  get today(): string {
    return limaToday(this.deps.now());
  }

  /** The last day on sale (the date inputs' max). */
  get lastDay(): string {
    return addDays(this.today, SALES_WINDOW_DAYS);
  }

  get cities(): CityOption[] {
    return citiesOf(this.terminals);
  }

  readonly passengerChoices = Array.from({ length: MAX_SEATS }, (_, i) => i + 1);

  fieldError(field: SearchField): SearchMessage | undefined {
    return this.errors.find((error) => error.field === field);
  }

  set(field: SearchField, value: string): void {
    this.values[field] = value;
    this.errors = this.errors.filter((error) => error.field !== field);
  }

  swap(): void {
    const { origen, destino } = this.values;
    this.values.origen = destino;
    this.values.destino = origen;
    this.errors = this.errors.filter((error) => error.field !== 'origen' && error.field !== 'destino');
  }

  /**
   * Asks for the terminals. A form drawn with them already (a server-rendered page's) stays as it is
   * meanwhile and keeps them if the API fails; they are replaced only by a different list (a
   * terminal opened or closed since the page was rendered), so the cities are not rebuilt for nothing.
   */
  async load(): Promise<void> {
    const refreshing = this.terminalsState === 'ready' && this.terminals.length > 0;
    if (!refreshing) this.terminalsState = 'loading';
    const terminals = await this.deps.fetchTerminals().catch(() => undefined);
    runInAction(() => {
      if (refreshing) {
        if (terminals && JSON.stringify(terminals) !== JSON.stringify(this.terminals)) this.terminals = terminals;
        return;
      }
      this.terminals = terminals ?? [];
      this.terminalsState = terminals ? 'ready' : 'failed';
    });
  }

  /** The form as the schema reads it. */
  get input() {
    return {
      origen: this.values.origen,
      destino: this.values.destino,
      fecha: this.values.fecha,
      regreso: this.values.regreso || undefined,
      pasajeros: Number(this.values.pasajeros),
    };
  }

  /** Checks the form; answers step 1's URL, or undefined with the messages set. */
  submit(): string | undefined {
    const checked = v.safeParse(TripSearchFormSchema, this.input);
    if (!checked.success) {
      const errors: SearchMessage[] = [];
      for (const issue of checked.issues) {
        const field = v.getDotPath(issue);
        // One message per field: the first check that failed ("required" before "same city").
        if ((FIELDS as readonly unknown[]).includes(field) && !errors.some((error) => error.field === field)) {
          errors.push({ field: field as SearchField, key: issue.message });
        }
      }
      this.errors = errors;
      return undefined;
    }
    this.errors = [];
    return tripsUrl(checked.output);
  }
}
