import { lazy, Suspense, type ReactNode } from 'react';
import { Container, NotFoundMessage, Skeleton } from '@rumbo/shared/ui';
import { BrowserRouter, Route, Routes, useParams } from 'react-router';
import HomePage from './home/home.page';
import { InformationSkeleton } from './information/information.skeleton';

// Its own chunk, with DOMPurify: the home page's first load does not carry it.
const InformationPage = lazy(() => import(/* webpackChunkName: "information" */ './information/information.page'));
// Each page in its own chunk: the home page's first load carries none of them (nor Leaflet).
const AgenciesPage = lazy(() => import(/* webpackChunkName: "agencies" */ './agencies/agencies.page'));
const PromotionsPage = lazy(() => import(/* webpackChunkName: "promotions" */ './promotions/promotions.page'));
const CorporatePage = lazy(() => import(/* webpackChunkName: "corporate" */ './corporate/corporate.page'));
const DestinationPage = lazy(() => import(/* webpackChunkName: "destination" */ './destinations/destination.page'));

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

function PageSkeleton() {
  return (
    <Container maxW="7xl" py="12">
      <Skeleton h="10" w="60%" mb="6" />
      <Skeleton h="64" rounded="lg" />
    </Container>
  );
}

/** The information pages and the `/rest/informacion/{id}` each one shows (spec §2, §7). */
export const INFORMATION_ROUTES = [
  { path: '/informacion/terminos-condiciones', id: 2 },
  { path: '/informacion/proteccion-datos', id: 3 },
  { path: '/informacion/politica-postergacion', id: 4 },
] as const;

export function ContentRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
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

/** The remote's screens, routed by the browser's URL (the shell mounts it for these paths). */
export function Root() {
  return (
    <BrowserRouter>
      <ContentRoutes />
    </BrowserRouter>
  );
}
