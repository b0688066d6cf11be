/**
 * The account screens (spec §2), one row each (`RouteRow`: its path, its page, the loader whose
 * value the page reads with `useRouteData`), read by this remote's server renderer
 * (`renderer.tsx`) and by its browser router (`Root`, built from the same rows): both match the
 * same addresses, `/micuenta/*` included.
 *
 * `/login` shows the sign-in buttons the site's runtime config names (`config.json`, given to
 * every render): its value says which, so it hydrates what the HTML shows. Mi cuenta and its
 * sections are rendered for the signed-in reader with their profile, the one the shell's renderer
 * asked with their token for the header (`profile`; asked here only when not given). The site
 * server sends a reader without a session to sign in first (the shell's route table).
 */
import { routedByRows, type LoaderContext, type RouteRow, type UserData } from '@rumbo/shared';
import { accountsEndpoints } from '@rumbo/shared/contract';
import { AccountProfileAnswer } from '@rumbo/shared/schemas';
import { NotFoundMessage } from '@rumbo/shared/ui';
import { BrowserRouter, Route, Routes, StaticRouter } from 'react-router';
import * as v from 'valibot';
import { LoginPage, type LoginData } from './login.page';
import { MyAccountPage, type MyAccountData } from './my-account.page';
import { ACCOUNT_HOME } from './navigation';
import { RecoverPage } from './recover.page';
import { SignUpPage } from './sign-up.page';

/** Mi cuenta's profile: the one the shell's renderer asked for the header (`profile`), else asked here, with the reader's token. */
async function profile({ session, profile: given, get }: LoaderContext): Promise<MyAccountData | undefined> {
  if (!session) return undefined;
  const checked = v.safeParse(AccountProfileAnswer, given ?? (await get(accountsEndpoints.profile.path)));
  return checked.success ? checked.output : undefined;
}

export const ACCOUNT_ROUTES: readonly RouteRow[] = [
  {
    path: '/login',
    page: LoginPage,
    // `?pathname=` only says where to go once signed in: the same form.
    query: true,
    load: async ({ config }) => ({ signInProviders: [config.googleClientId && 'google', config.facebookAppId && 'facebook'].filter((name): name is string => Boolean(name)) }),
  } satisfies RouteRow<LoginData>,
  { path: '/cuenta/registro', page: SignUpPage },
  { path: '/cuenta/recuperar', page: RecoverPage },
  // Mi cuenta and each of its sections (`/micuenta/viajes`, `/puntos`, `/saldo`...), one page that
  // shows the section its address names: a prefix row, as the shell's route is, so any address
  // below it is rendered as the browser renders it. The profile comes with the page: its code
  // starts when the customer acts (what they typed or tapped first is replayed), or at once where
  // a section waits for its data (trips, points: a skeleton).
  {
    path: `${ACCOUNT_HOME}/*`,
    page: MyAccountPage,
    load: profile,
    customer: (data: MyAccountData) => data as UserData,
  } satisfies RouteRow<MyAccountData>,
];

/** The account screens, routed by the address with the rows above (the shell mounts this remote for these paths). */
export const Root = routedByRows({ BrowserRouter, StaticRouter, Routes, Route }, ACCOUNT_ROUTES, <NotFoundMessage />);
