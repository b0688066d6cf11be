/**
 * The frames of the purchase pages (issue 17 item 5), rendered in Node by this remote's build
 * (webpack.federation.mjs `createPrerenderConfig`) into `prerender.json`; the deploy stitches them
 * into their pages. A frame shows no customer data: the same for every query of its address
 * (`anyQuery`: the site serves it for `/pasajes?origen=…`), hydrated as the browser renders it
 * first (`RemoteRoot`, hydrating). `early` is the page's first `/rest` request, which the stitched
 * page starts before this remote's code arrives (see `./early-requests`).
 */
import { RemoteRoot } from '@rumbo/shared';
import { prerenderPages, prepareServer } from '@rumbo/shared/server';
import { EARLY_REQUESTS, RESERVATION_ROUTE } from './early-requests';
import { bookingPackageTexts } from './locales';
import { Root } from './root';
import { searchPackageTexts } from './search/locales';

/** Steps 1–3 and the reservation, by its path pattern: one frame for every code (no code is in it). */
const FRAMES = ['/pasajes', '/pasajes/asientos', '/pasajes/pago', RESERVATION_ROUTE];

export async function prerender() {
  await prepareServer([bookingPackageTexts, searchPackageTexts]);
  const build = __BUILD_LABEL__ || __APP_VERSION__;
  const pages = await prerenderPages(FRAMES, () => <RemoteRoot Root={Root} build={build} hydrating />);
  return { pages: pages.map((page) => ({ ...page, anyQuery: true, early: EARLY_REQUESTS[page.path] })) };
}
