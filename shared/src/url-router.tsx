import type { ComponentType, ReactNode } from 'react';
import { currentPathname, currentSearch } from './location';

/**
 * A remote's own react-router (each remote bundles its own, which `shared` cannot import: its
 * router context would not be the remote's).
 */
export interface Routers {
  BrowserRouter: ComponentType<{ children?: ReactNode }>;
  StaticRouter: ComponentType<{ location: string; children?: ReactNode }>;
}

/**
 * A remote's screens routed by the address: the browser's URL, or in Node (the site server's
 * render) the address being rendered, with its query where the route renders with one.
 */
export function routedByUrl({ BrowserRouter, StaticRouter }: Routers, Routes: ComponentType): ComponentType {
  return function RoutedByUrl() {
    if (typeof window === 'undefined') {
      return (
        <StaticRouter location={currentPathname() + currentSearch()}>
          <Routes />
        </StaticRouter>
      );
    }
    return (
      <BrowserRouter>
        <Routes />
      </BrowserRouter>
    );
  };
}
