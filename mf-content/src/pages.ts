/**
 * The code of each routed page, its own chunk: the home page's first load carries none of them
 * (nor DOMPurify, nor Leaflet). The root starts the one the address needs together with the
 * router's chunk, instead of one after the other.
 */
export const pageLoaders = {
  information: () => import(/* webpackChunkName: "information" */ './information/information.page'),
  agencies: () => import(/* webpackChunkName: "agencies" */ './agencies/agencies.page'),
  promotions: () => import(/* webpackChunkName: "promotions" */ './promotions/promotions.page'),
  corporate: () => import(/* webpackChunkName: "corporate" */ './corporate/corporate.page'),
  destination: () => import(/* webpackChunkName: "destination" */ './destinations/destination.page'),
};

const PAGE_OF_PATH: [RegExp, keyof typeof pageLoaders][] = [
  [/^\/informacion\//, 'information'],
  [/^\/oficina$/, 'agencies'],
  [/^\/promociones$/, 'promotions'],
  [/^\/corporativo$/, 'corporate'],
  [/^\/destinos\/[^/]+$/, 'destination'],
];

/** Starts downloading the code of the page at `pathname` (nothing for an unknown one). */
export function preloadPage(pathname: string): void {
  const page = PAGE_OF_PATH.find(([pattern]) => pattern.test(pathname))?.[1];
  if (page) void pageLoaders[page]().catch(() => undefined);
}
