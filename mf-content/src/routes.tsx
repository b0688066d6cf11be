/**
 * This remote's routes, one row each (`RouteRow`: its path, its page, the loader whose value the
 * page reads with `useRouteData`, when its code starts), read by its server renderer
 * (`renderer.tsx`) and by its browser router (`Root` below, and `router.tsx` for every page but
 * the home page): both match the same addresses. A loader's answer comes in the HTML and the page
 * hydrates from it, then refreshes from the API as it always does; a loader whose API is down or
 * slow leaves the page's skeleton.
 */
import { answerOf, currentPathname, type LoaderContext, type RouteRow } from '@rumbo/shared';
import { agenciesEndpoints, contentEndpoints, DestinationAnswer, endpoints } from '@rumbo/shared/contract';
import { NotFoundMessage } from '@rumbo/shared/ui';
import { lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { HomeData } from './content.resource';
import type { DestinationData } from './destinations/destination.page';
import HomePage from './home/home.page';
import { formatDate, type InformationData, type InfoPage } from './information/information.resource';
import { InformationSkeleton } from './information/information.skeleton';
import { PageSkeleton } from './page-skeleton';
import { pageLoaders, preloadPage } from './pages';
import type { PromotionsData } from './promotions/promotions.page';

/** The destination pages (spec §2); any other city is the not-found page. */
export const DESTINATION_SLUGS = ['arequipa', 'cusco', 'lima', 'trujillo', 'tumbes'] as const;

/** The information pages and the `contentEndpoints.page` each one shows (spec §2, §7). */
export const INFORMATION_ROUTES = [
  { path: '/informacion/terminos-condiciones', id: 2 },
  { path: '/informacion/proteccion-datos', id: 3 },
  { path: '/informacion/politica-postergacion', id: 4 },
] as const;

const InformationPage = lazy(pageLoaders.information);
const AgenciesPage = lazy(pageLoaders.agencies);
const PromotionsPage = lazy(pageLoaders.promotions);
const CorporatePage = lazy(pageLoaders.corporate);
const DestinationPage = lazy(pageLoaders.destination);

/** A page whose code is a chunk of its own (`pages.ts`), with a placeholder of its size while it loads. */
const lazyPage = (Page: ComponentType, fallback: ReactNode = <PageSkeleton />) =>
  function LazyPage() {
    return (
      <Suspense fallback={fallback}>
        <Page />
      </Suspense>
    );
  };

const isPage = (answer: unknown): answer is InfoPage => {
  const page = answer as Record<string, unknown> | undefined;
  return typeof page?.titulo === 'string' && typeof page.html === 'string' && typeof page.actualizado === 'string';
};

/**
 * An information page's text, as the API answers it in the reader's language. It shows before the
 * browser's DOMPurify pass, so it is cleaned again with the API's own allowlist here (on the
 * server: the cleaner is a chunk the browser never asks for); an answer the cleaning would change
 * did not come from the API as built, and the page keeps its skeleton.
 */
async function informationPage(context: LoaderContext, id: number): Promise<InformationData | undefined> {
  const answer = await context.get(`/rest/informacion/${id}`);
  if (!isPage(answer)) return undefined;
  const [{ default: sanitizeHtml }, { default: pageHtml }] = await Promise.all([import('sanitize-html'), import('@rumbo/shared/contract/page-html.json')]);
  if (sanitizeHtml(answer.html, pageHtml as Parameters<typeof sanitizeHtml>[1]).trim() !== answer.html) return undefined;
  return { language: context.language, page: answer, dateText: formatDate(answer.actualizado, context.language) };
}

const LazyDestination = lazyPage(DestinationPage);

/** A destination of `DESTINATION_SLUGS`; any other city is the not-found page. */
function Destination() {
  const city = currentPathname().split('/')[2] ?? '';
  if (!(DESTINATION_SLUGS as readonly string[]).includes(city)) return <NotFoundMessage />;
  return <LazyDestination />;
}

export const CONTENT_ROUTES: readonly RouteRow[] = [
  // The sections below the hero (promotions, destinations, agencies): drawn, not skeletons, before their code hydrates them in view.
  {
    path: '/',
    page: HomePage,
    load: async (context) => {
      const [promotions, destinations, agencies] = await Promise.all([
        answerOf(context, endpoints.promotions.path, endpoints.promotions.answer),
        answerOf(context, contentEndpoints.destinations.path, contentEndpoints.destinations.answer),
        answerOf(context, agenciesEndpoints.agencies.path, agenciesEndpoints.agencies.answer),
      ]);
      return { promotions, destinations, agencies };
    },
  } satisfies RouteRow<HomeData>,
  { path: '/promociones', page: lazyPage(PromotionsPage), load: (context) => answerOf(context, endpoints.promotions.path, endpoints.promotions.answer) } satisfies RouteRow<PromotionsData>,
  { path: '/oficina', page: lazyPage(AgenciesPage) },
  { path: '/corporativo', page: lazyPage(CorporatePage) },
  {
    path: '/destinos/:city',
    page: Destination,
    load: ({ params, ...context }) => ((DESTINATION_SLUGS as readonly string[]).includes(params.city!) ? answerOf({ params, ...context }, `/rest/destino/${params.city}`, DestinationAnswer) : Promise.resolve(undefined)),
  } satisfies RouteRow<DestinationData>,
  ...INFORMATION_ROUTES.map(
    ({ path, id }) =>
      ({
        path,
        page: lazyPage(() => <InformationPage id={id} />, <InformationSkeleton />),
        load: (context) => informationPage(context, id),
      }) satisfies RouteRow<InformationData>,
  ),
];

// The router and the other pages are a chunk of their own: the home page, the site's most
// visited, is drawn without react-router (about 12 KB gzip less on its first load). When the
// router is first needed, the chunk of the page at the address downloads beside it, not after it.
const RoutedPages = lazy(() => {
  preloadPage(currentPathname());
  return import(/* webpackChunkName: "routes" */ './router');
});

// single-spa announces every navigation (navigateToUrl, back/forward) as a popstate event, which
// is also what react-router listens to.
const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};

/** The remote's screens: the home page's row at `/`, drawn without the router; the rows routed by react-router everywhere else. */
export function Root() {
  // The same address in Node (the page rendered) and while hydrating it.
  const path = useSyncExternalStore(subscribe, currentPathname, currentPathname);
  if (path === '/') return <HomePage />;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <RoutedPages />
    </Suspense>
  );
}
