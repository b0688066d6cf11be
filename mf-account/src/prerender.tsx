/**
 * The first screens of sign-up and recovery, rendered in Node by this remote's build
 * (webpack.federation.mjs `createPrerenderConfig`) into `prerender.json`; the deploy stitches them
 * into their pages. Rendered as the browser renders them first (`RemoteRoot`, hydrating).
 *
 * Not `/login`: which sign-in buttons it shows (Google, Facebook) is runtime config of the
 * environment (`config.json`), unknown to a build.
 */
import { RemoteRoot } from '@rumbo/shared';
import { prerenderPages, prepareServer } from '@rumbo/shared/server';
import { accountPackageTexts } from './locales';
import { Root } from './root';

export async function prerender() {
  await prepareServer([accountPackageTexts]);
  const build = __BUILD_LABEL__ || __APP_VERSION__;
  const paths = ['/cuenta/registro', '/cuenta/recuperar'];
  return { pages: await prerenderPages(paths, () => <RemoteRoot Root={Root} build={build} hydrating />) };
}
