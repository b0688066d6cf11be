/**
 * This remote version's server renderer (`renderer.cjs`; the site server calls it per request,
 * see `@rumbo/shared/server`): the purchase flow's rows (`routes.tsx`, its browser router's too),
 * and the trip search as other remotes' pages hold it (`NAMED_PARTS`: the home page's, a
 * destination's with its city preset), drawn with the terminals its loader asks for.
 */
import { RemoteRoot, TRIP_SEARCH_SLOT } from '@rumbo/shared';
import { createRenderer } from '@rumbo/shared/server';
import { bookingPackageTexts } from './locales';
import { BOOKING_ROUTES, Root, terminals } from './routes';
import { SearchParcel, type SearchPartData } from './search';
import { searchPackageTexts } from './search/locales';

const build = __BUILD_LABEL__ || __APP_VERSION__;

export const { render, renderPart } = createRenderer({
  texts: [bookingPackageTexts, searchPackageTexts],
  rows: BOOKING_ROUTES,
  root: (data) => <RemoteRoot Root={Root} build={build} hydrating data={data} />,
  parts: {
    'trip-search': { load: terminals, render: (_props, data) => <SearchParcel labelledBy={TRIP_SEARCH_SLOT.labelledBy} hydrating terminals={data as SearchPartData | undefined} /> },
    'trip-search-to': { load: terminals, render: ({ destino }, data) => <SearchParcel destino={destino} labelledBy={TRIP_SEARCH_SLOT.labelledBy} hydrating terminals={data as SearchPartData | undefined} /> },
  },
});
