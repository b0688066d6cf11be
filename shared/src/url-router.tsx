import type { ComponentType, ReactNode } from 'react';
import { currentPathname, currentSearch } from './location';
import type { RouteRow } from './route-data';

/**
 * A remote's own react-router (each remote bundles its own, which `shared` cannot import: its
 * router context would not be the remote's).
 */
export interface Routers {
  BrowserRouter: ComponentType<{ children?: ReactNode }>;
  StaticRouter: ComponentType<{ location: string; children?: ReactNode }>;
  Routes: ComponentType<{ children?: ReactNode }>;
  Route: ComponentType<{ path: string; element: ReactNode }>;
}

/**
 * A remote's screens routed by the address with its rows (`RouteRow`, the ones its renderer reads):
 * the browser's URL, or in Node (the site server's render) the address being rendered, with its
 * query where the route renders with one. An address no row matches shows `notFound`.
 */
export function routedByRows({ BrowserRouter, StaticRouter, Routes, Route }: Routers, rows: readonly RouteRow[], notFound: ReactNode): ComponentType {
  const routes = (
    <Routes>
      {rows.map(({ path, page: Page }) => (
        <Route key={path} path={path} element={<Page />} />
      ))}
      <Route path="*" element={notFound} />
    </Routes>
  );
  return function RoutedByRows() {
    if (typeof window === 'undefined') return <StaticRouter location={currentPathname() + currentSearch()}>{routes}</StaticRouter>;
    return <BrowserRouter>{routes}</BrowserRouter>;
  };
}
