/**
 * The first screens of sign-in, sign-up, recovery and Mi cuenta (its frame), rendered in Node by this remote's build
 * (webpack.federation.mjs `createPrerenderConfig`) into `prerender.json`; the deploy stitches them
 * into their pages. Rendered as the browser renders them first (`RemoteRoot`, hydrating).
 *
 * `/login` shows the sign-in buttons (Google, Facebook) that the environment's runtime config
 * names (`config.json`), unknown to a build: it is rendered once per set of providers
 * (`providerVariants`), and the deploy stitches the one the site's config names
 * (shell/scripts/page-data.mjs). No provider id is in the markup.
 */
import { configure, getConfig, RemoteRoot } from '@rumbo/shared';
import { prerenderPages, prepareServer } from '@rumbo/shared/server';
import { EARLY_REQUESTS } from './early-requests';
import { accountPackageTexts } from './locales';
import { ACCOUNT_HOME } from './navigation';
import { Root } from './root';

/** The sets of sign-in providers, as the stitch names them (`google+facebook`). */
const PROVIDER_SETS: readonly (readonly ('google' | 'facebook')[])[] = [[], ['google'], ['facebook'], ['google', 'facebook']];

export async function prerender() {
  await prepareServer([accountPackageTexts]);
  const build = __BUILD_LABEL__ || __APP_VERSION__;
  const render = () => <RemoteRoot Root={Root} build={build} hydrating />;
  // Mi cuenta: its frame (no session in Node, none needed: `AccountFrame`) and its first request.
  const paths = ['/login', '/cuenta/registro', '/cuenta/recuperar', ACCOUNT_HOME];
  const pages = await prerenderPages(paths, render);
  const built = getConfig();
  const providerVariants: Record<string, { html: string; css: string; ids: string[] }> = {};
  for (const set of PROVIDER_SETS) {
    // Placeholders: the buttons' markup never carries the ids.
    configure({ ...built, googleClientId: set.includes('google') ? 'any' : undefined, facebookAppId: set.includes('facebook') ? 'any' : undefined });
    const [variant] = await prerenderPages(['/login'], render);
    if (variant) providerVariants[set.join('+')] = { html: variant.html, css: variant.css, ids: variant.ids };
  }
  configure(built);
  return {
    pages: pages.map((page) => {
      const early = EARLY_REQUESTS[page.path];
      return page.path === '/login' ? { ...page, providerVariants } : early ? { ...page, early } : page;
    }),
  };
}
