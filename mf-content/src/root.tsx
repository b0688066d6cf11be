import { currentPathname } from '@rumbo/shared';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import HomePage from './home/home.page';
import { PageSkeleton } from './page-skeleton';
import { preloadPage } from './pages';

// The router and the other pages are a chunk of their own: the home page, the site's most
// visited, is drawn without react-router (about 12 KB gzip less on its first load). When the
// router is first needed, the chunk of the page at the address downloads beside it, not after it.
const RoutedPages = lazy(() => {
  preloadPage(currentPathname());
  return import(/* webpackChunkName: "routes" */ './routes');
});

// single-spa announces every navigation (navigateToUrl, back/forward) as a popstate event, which
// is also what react-router listens to.
const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};

/** The remote's screens: the home page at `/`, the routed pages everywhere else. */
export function Root() {
  // The same address in Node (the page prerendered) and while hydrating it.
  const path = useSyncExternalStore(subscribe, currentPathname, currentPathname);
  if (path === '/') return <HomePage />;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <RoutedPages />
    </Suspense>
  );
}
