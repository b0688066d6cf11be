import { lazy, Suspense, type ReactNode } from 'react';
import { NotFoundMessage } from '@rumbo/shared/ui';
import { routedByUrl } from '@rumbo/shared';
import { BrowserRouter, Route, Routes, StaticRouter, useParams } from 'react-router';
import { InformationSkeleton } from './information/information.skeleton';
import { PageSkeleton } from './page-skeleton';
import { pageLoaders } from './pages';

const InformationPage = lazy(pageLoaders.information);
const AgenciesPage = lazy(pageLoaders.agencies);
const PromotionsPage = lazy(pageLoaders.promotions);
const CorporatePage = lazy(pageLoaders.corporate);
const DestinationPage = lazy(pageLoaders.destination);

/** The destination pages (spec §2); any other city is the not-found page. */
export const DESTINATION_SLUGS = ['arequipa', 'cusco', 'lima', 'trujillo', 'tumbes'] as const;

function Destination() {
  const { city = '' } = useParams();
  if (!(DESTINATION_SLUGS as readonly string[]).includes(city)) return <NotFoundMessage />;
  return (
    <Lazy>
      <DestinationPage />
    </Lazy>
  );
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSkeleton />}>{children}</Suspense>;
}

/** The information pages and the `contentEndpoints.page` each one shows (spec §2, §7). */
export const INFORMATION_ROUTES = [
  { path: '/informacion/terminos-condiciones', id: 2 },
  { path: '/informacion/proteccion-datos', id: 3 },
  { path: '/informacion/politica-postergacion', id: 4 },
] as const;

/** The remote's screens but the home page, routed by react-router. */
export function ContentRoutes() {
  return (
    <Routes>
      {INFORMATION_ROUTES.map(({ path, id }) => (
        <Route
          key={path}
          path={path}
          element={
            <Suspense fallback={<InformationSkeleton />}>
              <InformationPage id={id} />
            </Suspense>
          }
        />
      ))}
      <Route path="/oficina" element={<Lazy><AgenciesPage /></Lazy>} />
      <Route path="/promociones" element={<Lazy><PromotionsPage /></Lazy>} />
      <Route path="/corporativo" element={<Lazy><CorporatePage /></Lazy>} />
      <Route path="/destinos/:city" element={<Destination />} />
      <Route path="*" element={<NotFoundMessage />} />
    </Routes>
  );
}

/** The remote's routed screens, by the browser's URL (its own chunk: the home page does not carry the router). */
export default routedByUrl({ BrowserRouter, StaticRouter }, ContentRoutes);
