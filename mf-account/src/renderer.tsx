/**
 * This remote version's server renderer (`renderer.cjs`; the site server calls it per request,
 * see `@rumbo/shared/server`): sign-in, sign-up, recovery and Mi cuenta's frame.
 *
 * `/login` shows the sign-in buttons the site's runtime config names (`config.json`, given to
 * every render): its data says which (`signInProviders`), so it hydrates what the HTML shows.
 * Mi cuenta's profile is asked by the page, its request described for `/route-hints.js`.
 */
import { RemoteRoot } from '@rumbo/shared';
import { createRenderer } from '@rumbo/shared/server';
import { EARLY_REQUESTS } from './early-requests';
import { accountPackageTexts } from './locales';
import { ACCOUNT_HOME } from './navigation';
import { Root } from './root';

const build = __BUILD_LABEL__ || __APP_VERSION__;

export const { render } = createRenderer({
  texts: [accountPackageTexts],
  page: () => <RemoteRoot Root={Root} build={build} hydrating />,
  routes: [
    {
      path: '/login',
      // `?pathname=` only says where to go once signed in: the same form.
      query: true,
      load: async ({ config }) => ({ signInProviders: [config.googleClientId && 'google', config.facebookAppId && 'facebook'].filter(Boolean) }),
    },
    { path: '/cuenta/registro' },
    { path: '/cuenta/recuperar' },
    { path: ACCOUNT_HOME, load: async () => ({ earlyRequest: EARLY_REQUESTS[ACCOUNT_HOME] }), island: 'load' },
  ],
});
