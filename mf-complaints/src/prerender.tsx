/**
 * The complaints book's first screen (the empty form), rendered in Node by this remote's build
 * (webpack.federation.mjs `createPrerenderConfig`) into `prerender.json`; the deploy stitches it
 * into `/libro_reclamaciones`. Rendered as the browser renders it first (`RemoteRoot`, hydrating).
 */
import { RemoteRoot } from '@rumbo/shared';
import { prerenderPages, prepareServer } from '@rumbo/shared/server';
import { ComplaintPage } from './complaint.page';
import { complaintsPackageTexts } from './locales';

export async function prerender() {
  await prepareServer([complaintsPackageTexts]);
  const build = __BUILD_LABEL__ || __APP_VERSION__;
  return { pages: await prerenderPages(['/libro_reclamaciones'], () => <RemoteRoot Root={ComplaintPage} build={build} hydrating />) };
}
