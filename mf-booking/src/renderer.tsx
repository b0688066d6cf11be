/**
 * This remote version's server renderer (`renderer.cjs`; the site server calls it per request,
 * see `@rumbo/shared/server`).
 *
 * The purchase steps: their frames (header, steps, headings, sized placeholders). What a step
 * shows is the customer's own purchase, kept in this browser's session storage (`CRESERVA`,
 * `ASIENTOS`), which no server has: that is the page's one client part, `frame-fill.js` of this
 * version (`scripts`), and the step's first request, described in its data (`earlyRequest`,
 * `./early-requests`) and started by `/route-hints.js` while the code downloads.
 *
 * The trip search as other remotes' pages hold it (`NAMED_PARTS`: the home page's, a
 * destination's with its city preset), drawn with the terminals its loader asks for.
 */
import { RemoteRoot, TRIP_SEARCH_SLOT } from '@rumbo/shared';
import { tripsEndpoints } from '@rumbo/shared/contract';
import { TerminalAnswer } from '@rumbo/shared/schemas';
import { createRenderer, type LoaderContext } from '@rumbo/shared/server';
import * as v from 'valibot';
import { EARLY_REQUESTS, RESERVATION_ROUTE } from './early-requests';
import { bookingPackageTexts } from './locales';
import { Root } from './root';
import { SearchParcel } from './search';
import { searchPackageTexts } from './search/locales';
import { TERMINALS_DATA_KEY } from './search/search.store';

/** The version's script that writes what a frame shows from session storage (webpack.config.mjs). */
const FILL_SCRIPT = 'frame-fill.js';

const build = __BUILD_LABEL__ || __APP_VERSION__;

/** A step's first request, described for `/route-hints.js` (it starts it with this browser's purchase). */
const early = (pattern: string) => async () => (EARLY_REQUESTS[pattern] ? { earlyRequest: EARLY_REQUESTS[pattern] } : {});

async function terminals(context: LoaderContext): Promise<Record<string, unknown>> {
  const checked = v.safeParse(v.array(TerminalAnswer), await context.get(tripsEndpoints.terminals.path, tripsEndpoints.terminals.method));
  return checked.success && checked.output.length > 0 ? { [TERMINALS_DATA_KEY]: checked.output } : {};
}

export const { render, renderPart } = createRenderer({
  texts: [bookingPackageTexts, searchPackageTexts],
  page: () => <RemoteRoot Root={Root} build={build} hydrating />,
  routes: [
    { path: '/pasajes', load: early('/pasajes'), island: 'load', query: true },
    { path: '/pasajes/asientos', load: early('/pasajes/asientos'), island: 'load', scripts: [FILL_SCRIPT], query: true },
    { path: '/pasajes/pago', island: 'load', scripts: [FILL_SCRIPT], query: true },
    { path: RESERVATION_ROUTE, load: early(RESERVATION_ROUTE), island: 'load', scripts: [FILL_SCRIPT], query: true },
  ],
  parts: {
    'trip-search': { load: terminals, render: () => <SearchParcel labelledBy={TRIP_SEARCH_SLOT.labelledBy} hydrating /> },
    'trip-search-to': { load: terminals, render: ({ destino }) => <SearchParcel destino={destino} labelledBy={TRIP_SEARCH_SLOT.labelledBy} hydrating /> },
  },
});
