/**
 * The first screens of the cargo pages (the estimate form, the tracking form, the clauses),
 * rendered in Node by this remote's build (webpack.federation.mjs `createPrerenderConfig`) into
 * `prerender.json`; the deploy stitches them into their pages. Rendered as the browser renders them
 * first (`RemoteRoot`, hydrating).
 */
import { RemoteRoot } from '@rumbo/shared';
import { prerenderPages, prepareServer } from '@rumbo/shared/server';
import { cargoPackageTexts } from './locales';
import { Root } from './root';

export async function prerender() {
  await prepareServer([cargoPackageTexts]);
  const build = __BUILD_LABEL__ || __APP_VERSION__;
  const paths = ['/cargo', '/cargo/seguimiento', '/carga/clausulas'];
  return { pages: await prerenderPages(paths, () => <RemoteRoot Root={Root} build={build} hydrating />) };
}
