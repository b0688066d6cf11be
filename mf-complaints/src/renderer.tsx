/**
 * This remote version's server renderer (`renderer.cjs`; the site server calls it per request,
 * see `@rumbo/shared/server`): the complaints book's row (`routes.tsx`, its browser app's too).
 */
import { RemoteRoot } from '@rumbo/shared';
import { createRenderer } from '@rumbo/shared/server';
import { complaintsPackageTexts } from './locales';
import { COMPLAINTS_ROUTES, Root } from './routes';

const build = __BUILD_LABEL__ || __APP_VERSION__;

export const { render } = createRenderer({
  texts: [complaintsPackageTexts],
  rows: COMPLAINTS_ROUTES,
  root: (data) => <RemoteRoot Root={Root} build={build} hydrating data={data} />,
});
