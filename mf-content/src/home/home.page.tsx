import { inViewPart } from '@rumbo/shared';
import { Box } from '@rumbo/shared/ui';
import { SearchWidget } from '../search/search-widget';
import { Hero } from './hero';

/**
 * Below the hero: its code and its API requests wait until the customer scrolls near it (the
 * prerendered page already shows it); rendered in the browser, it loads at once.
 */
const HomeBelowFold = inViewPart(
  'home-below',
  () => import(/* webpackChunkName: "home-below" */ './home-below'),
  <Box minH="100vh" />,
);

/**
 * `/`: the hero is static text and the search widget (mf-booking's parcel) is the island that
 * starts first; the sections below hydrate when they come into view.
 */
export default function HomePage() {
  return (
    <>
      <Hero search={<SearchWidget />} />
      <HomeBelowFold />
    </>
  );
}
