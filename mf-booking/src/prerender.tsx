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
 * The trip search as the home page's slot holds it (`TRIP_SEARCH_SLOT`): the parcel with the
 * props the home page mounts it with, its city fields ready. The terminals it is ready with are
 * not in its markup: the stitch asks the site's API for them (`data`) and writes them into the
 * page, which the widget hydrates from; an API that does not answer leaves the slot empty.
 */
async function searchSlot() {
  setServerPageData({ [TERMINALS_DATA_KEY]: [] });
  const [rendered] = await prerenderPages(['/'], () => <SearchParcel labelledBy={TRIP_SEARCH_SLOT.labelledBy} hydrating />);
  setServerPageData({});
  const { html, css, ids } = rendered!;
  const { method, path } = tripsEndpoints.terminals;
  return { id: TRIP_SEARCH_SLOT.id, html, css, ids, data: { key: TERMINALS_DATA_KEY, method, path } };
}

/**
 * The trip search as a destination page's slot holds it (`TRIP_SEARCH_TO_SLOT`): the parcel with
 * its destination preset, drawn with one terminal whose city's fields are tokens; the stitch
 * writes them with the page's city (its key) from the terminals it asks the API for, and the page
 * hydrates from those terminals what the form then shows.
 */
async function presetSearchSlot() {
  const city: Terminal = { cterminal: 0, nombre: '', direccion: '', cciudad: 0, ciudad: '__STITCH_ciudad__', codigo: '__STITCH_codigo__' };
  setServerPageData({ [TERMINALS_DATA_KEY]: [city] });
  const [rendered] = await prerenderPages(['/'], () => <SearchParcel destino={city.codigo} labelledBy={TRIP_SEARCH_TO_SLOT.labelledBy} hydrating />);
  setServerPageData({});
  const { html, css, ids } = rendered!;
  const { method, path } = tripsEndpoints.terminals;
  return { id: TRIP_SEARCH_TO_SLOT.id, keyedBy: TRIP_SEARCH_TO_SLOT.keyedBy, html, css, ids, data: { key: TERMINALS_DATA_KEY, method, path } };
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
