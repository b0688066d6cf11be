import { lazy, Suspense } from 'react';
import { NotFoundMessage } from '@rumbo/shared/ui';
import { BrowserRouter, Route, Routes } from 'react-router';
import HomePage from './home/home.page';
import { InformationSkeleton } from './information/information.skeleton';

// Its own chunk, with DOMPurify: the home page's first load does not carry it.
const InformationPage = lazy(() => import(/* webpackChunkName: "information" */ './information/information.page'));

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
