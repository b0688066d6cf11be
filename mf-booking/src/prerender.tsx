/**
 * The frames of the purchase pages (issue 17 item 5), rendered in Node by this remote's build
 * (webpack.federation.mjs `createPrerenderConfig`) into `prerender.json`; the deploy stitches them
 * into their pages. A frame shows no customer data: the same for every query of its address
 * (`anyQuery`: the site serves it for `/pasajes?origen=…`), hydrated as the browser renders it
 * first (`RemoteRoot`, hydrating). `early` is the page's first `/rest` request, which the stitched
 * page starts before this remote's code arrives (see `./early-requests`).
 */
import { RemoteRoot, TRIP_SEARCH_SLOT, TRIP_SEARCH_TO_SLOT } from '@rumbo/shared';
import { tripsEndpoints } from '@rumbo/shared/contract';
import { prerenderPages, prepareServer, setServerPageData } from '@rumbo/shared/server';
import { EARLY_REQUESTS, RESERVATION_ROUTE } from './early-requests';
import { bookingPackageTexts } from './locales';
import { Root } from './root';
import { SearchParcel } from './search';
import { searchPackageTexts } from './search/locales';
import { TERMINALS_DATA_KEY } from './search/search.store';
import type { Terminal } from '@rumbo/shared/schemas';

/** The frames with elements `frame-fill.js` fills from session storage (webpack.config.mjs). */
const FILLED = ['/pasajes/asientos', '/pasajes/pago', RESERVATION_ROUTE];
const FILL_SCRIPT = 'frame-fill.js';

/** Steps 1–3 and the reservation, by its path pattern: one frame for every code (no code is in it). */
const FRAMES = ['/pasajes', '/pasajes/asientos', '/pasajes/pago', RESERVATION_ROUTE];

/**
 * The trip search as a page's slot holds it: the parcel with the props the page mounts it with,
 * drawn with `terminals` in the page's data. The terminals the page then holds are not in its
 * markup: the stitch asks the site's API for them (`data`) and writes them into the page, which
 * the widget hydrates from; an API that does not answer leaves the slot empty.
 */
async function searchPart(terminals: Terminal[], destino?: string) {
  setServerPageData({ [TERMINALS_DATA_KEY]: terminals });
  const [rendered] = await prerenderPages(['/'], () => <SearchParcel destino={destino} labelledBy={TRIP_SEARCH_SLOT.labelledBy} hydrating />);
  setServerPageData({});
  const { html, css, ids } = rendered!;
  const { method, path } = tripsEndpoints.terminals;
  return { html, css, ids, data: { key: TERMINALS_DATA_KEY, method, path } };
}

/** The home page's (`TRIP_SEARCH_SLOT`): no preset, its city fields ready (drawn with no terminal). */
const searchSlot = async () => ({ id: TRIP_SEARCH_SLOT.id, ...(await searchPart([])) });

/**
 * A destination page's (`TRIP_SEARCH_TO_SLOT`): its destination preset, drawn with one terminal
 * whose city's fields are tokens, which the stitch writes with the page's city (its key).
 */
async function presetSearchSlot() {
  const city: Terminal = { cterminal: 0, nombre: '', direccion: '', cciudad: 0, ciudad: '__STITCH_ciudad__', codigo: '__STITCH_codigo__' };
  return { id: TRIP_SEARCH_TO_SLOT.id, keyedBy: TRIP_SEARCH_TO_SLOT.keyedBy, ...(await searchPart([city], city.codigo)) };
}

export async function prerender() {
  await prepareServer([bookingPackageTexts, searchPackageTexts]);
  const build = __BUILD_LABEL__ || __APP_VERSION__;
  const pages = await prerenderPages(FRAMES, () => <RemoteRoot Root={Root} build={build} hydrating />);
  return {
    // `fill`: the script of this version that writes what the frame shows from session storage (`./frame-fill`).
    pages: pages.map((page) => ({ ...page, anyQuery: true, early: EARLY_REQUESTS[page.path], ...(FILLED.includes(page.path) ? { fill: FILL_SCRIPT } : {}) })),
    slots: [await searchSlot(), await presetSearchSlot()],
  };
}
