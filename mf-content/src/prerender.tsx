/**
 * The first screens of this remote's routes that show no customer data, rendered in Node by its
 * build (webpack.federation.mjs `createPrerenderConfig`) into `prerender.json`; the deploy stitches
 * them into complete pages. Rendered as the browser renders them first (`RemoteRoot`, hydrating).
 */
import { RemoteRoot } from '@rumbo/shared';
import { prerenderPages, prepareServer } from '@rumbo/shared/server';
import { contentPackageTexts } from './locales';
import { Root } from './root';
import { DESTINATION_SLUGS, INFORMATION_ROUTES } from './routes';

export const PATHS = [
  '/',
  '/promociones',
  '/oficina',
  '/corporativo',
  ...DESTINATION_SLUGS.map((slug) => `/destinos/${slug}`),
  ...INFORMATION_ROUTES.map(({ path }) => path),
];

export async function prerender() {
  await prepareServer([contentPackageTexts]);
  const build = __BUILD_LABEL__ || __APP_VERSION__;
  return { pages: await prerenderPages(PATHS, () => <RemoteRoot Root={Root} build={build} hydrating />) };
}
