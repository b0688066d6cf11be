import { lazy, Suspense, useSyncExternalStore } from 'react';
import HomePage from './home/home.page';
import { PageSkeleton } from './page-skeleton';
import { preloadPage } from './pages';

// The router and the other pages are a chunk of their own: the home page, the site's most
// visited, is drawn without react-router (about 12 KB gzip less on its first load).
const loadRoutedPages = () => import(/* webpackChunkName: "routes" */ './routes');
const RoutedPages = lazy(loadRoutedPages);

// single-spa announces every navigation (navigateToUrl, back/forward) as a popstate event, which
// is also what react-router listens to.
const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};
const pathname = () => window.location.pathname;

/** The remote's screens: the home page at `/`, the routed pages everywhere else. */
export function Root() {
  const path = useSyncExternalStore(subscribe, pathname);
  if (path === '/') return <HomePage />;
  // The page's own chunk downloads beside the router's, not after it.
  preloadPage(path);
  return (
    <Suspense fallback={<PageSkeleton />}>
      <RoutedPages />
    </Suspense>
  );
}
