import { TripSearchFormSchema, type Trip, type TripSearchForm } from '@rumbo/shared/schemas';
import * as v from 'valibot';

/**
 * Step 1's address, built from a search and read back (DECISIONS.md). Apart from the reservation's
 * storage: the search widget, a parcel on other remotes' pages, needs only this.
 */
export type Leg = 'ida' | 'vuelta';

/** The URL of step 1 for a search (DECISIONS.md); `tramo=vuelta` lists the return trips. */
export function tripsUrl(search: TripSearchForm, leg: Leg = 'ida'): string {
  const query = new URLSearchParams({ origen: search.origen, destino: search.destino, fecha: search.fecha });
  if (search.regreso) query.set('regreso', search.regreso);
  query.set('pasajeros', String(search.pasajeros));
  if (leg === 'vuelta') query.set('tramo', 'vuelta');
  return `/pasajes?${query.toString()}`;
}

/** The trip whose seats step 2 shows: its address names it (and its stretch), so its loader asks its seat map. */
export type SeatsTrip = Pick<Trip, 'cviaje' | 'cterminal_origen' | 'cterminal_destino'>;
const SEATS_TRIP_FIELDS = ['cviaje', 'cterminal_origen', 'cterminal_destino'] as const;

/** Step 2's address for `trip` (`/pasajes/asientos?cviaje&cterminal_origen&cterminal_destino`); without one, the bare path. */
export function seatsUrl(trip?: SeatsTrip): string {
  if (!trip) return '/pasajes/asientos';
  return `/pasajes/asientos?${new URLSearchParams(SEATS_TRIP_FIELDS.map((field) => [field, String(trip[field])])).toString()}`;
}

/** The trip step 2's query names (whole positive numbers, as the seat map's request takes them), or undefined. */
export function seatsTripOf(query: Record<string, string | undefined>): SeatsTrip | undefined {
  const values = SEATS_TRIP_FIELDS.map((field) => (/^[1-9]\d{0,14}$/.test(query[field] ?? '') ? Number(query[field]) : undefined));
  if (values.some((value) => value === undefined)) return undefined;
  const [cviaje, cterminal_origen, cterminal_destino] = values as number[];
  return { cviaje: cviaje!, cterminal_origen: cterminal_origen!, cterminal_destino: cterminal_destino! };
}

/** The trips a leg of a search lists: the return leg goes back on the return date. */
export function legQuery(search: TripSearchForm, leg: Leg): { origen: string; destino: string; fecha: string } {
  const { origen, destino, fecha, regreso } = search;
  return leg === 'vuelta' ? { origen: destino, destino: origen, fecha: regreso ?? fecha } : { origen, destino, fecha };
}

export type ParsedSearch = { ok: true; search: TripSearchForm; leg: Leg } | { ok: false; issues: string[]; partial: Partial<Record<keyof TripSearchForm, string>> };

/** Reads and checks step 1's query with the widget's schema. */
export function parseSearchQuery(query: string): ParsedSearch {
  const params = new URLSearchParams(query);
  const get = (name: string) => params.get(name) ?? undefined;
  const raw = {
    origen: get('origen')?.toUpperCase() ?? '',
    destino: get('destino')?.toUpperCase() ?? '',
    fecha: get('fecha') ?? '',
    regreso: get('regreso') || undefined,
    pasajeros: Number(get('pasajeros') ?? '1'),
  };
  const checked = v.safeParse(TripSearchFormSchema, raw);
  const leg: Leg = get('tramo') === 'vuelta' && raw.regreso ? 'vuelta' : 'ida';
  if (checked.success) return { ok: true, search: checked.output, leg };
  return {
    ok: false,
    issues: checked.issues.map((issue) => issue.message),
    partial: { origen: raw.origen, destino: raw.destino, fecha: raw.fecha, regreso: raw.regreso, pasajeros: String(raw.pasajeros) } as Partial<
      Record<keyof TripSearchForm, string>
    >,
  };
}
