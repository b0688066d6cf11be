/**
 * This remote version's server renderer (`renderer.cjs`; the site server calls it per request,
 * see `@rumbo/shared/server`): the account screens' rows (`routes.tsx`, its browser router's too).
 */
import { RemoteRoot } from '@rumbo/shared';
import { createRenderer } from '@rumbo/shared/server';
import { accountPackageTexts } from './locales';
import { ACCOUNT_ROUTES, Root } from './routes';

const build = __BUILD_LABEL__ || __APP_VERSION__;

export const { render } = createRenderer({
  texts: [accountPackageTexts],
  rows: ACCOUNT_ROUTES,
  root: (data) => <RemoteRoot Root={Root} build={build} hydrating data={data} />,
});
