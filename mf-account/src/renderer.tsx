/**
 * This remote version's server renderer (`renderer.cjs`; the site server calls it per request,
 * see `@rumbo/shared/server`): sign-in, sign-up, recovery and Mi cuenta's frame.
 *
 * `/login` shows the sign-in buttons the site's runtime config names (`config.json`, given to
 * every render): its data says which (`signInProviders`), so it hydrates what the HTML shows.
 * Mi cuenta and its sections are rendered for the signed-in reader with their profile, the one the
 * shell's renderer asked with their token for the header (`profile`; asked here only when not given).
 * The site server sends a reader without a session to sign in first (the shell's route table).
 */
import { RemoteRoot, type UserData } from '@rumbo/shared';
import { accountsEndpoints } from '@rumbo/shared/contract';
import { AccountProfileAnswer } from '@rumbo/shared/schemas';
import * as v from 'valibot';
import { createRenderer, type LoaderContext } from '@rumbo/shared/server';
import { accountPackageTexts } from './locales';
import { PROFILE_DATA_KEY } from './my-account.page';
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
    // Mi cuenta and each of its sections (`/micuenta/viajes`, `/puntos`, `/saldo`...), one page that
    // shows the section its address names: matched as the shell's route (a prefix) and this remote's
    // router (`/micuenta/*`) match it, so any address below it is rendered as the browser renders it.
    {
      path: `${ACCOUNT_HOME}/*`,
      // The profile the shell's renderer asked for the header (`profile`), else asked here, with the reader's token.
      load: async ({ session, profile, get }: LoaderContext) => {
        const checked = session && v.safeParse(AccountProfileAnswer, profile ?? (await get(accountsEndpoints.profile.path)));
        return checked && checked.success ? { [PROFILE_DATA_KEY]: checked.output } : {};
      },
      customer: (data: Record<string, unknown>) => data[PROFILE_DATA_KEY] as UserData | undefined,
      // The profile comes with the page: its code starts when the customer acts (what they typed or
      // tapped first is replayed), or at once where a section waits for its data (trips, points: a skeleton).
    },
  ],
});
