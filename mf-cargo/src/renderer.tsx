/**
 * This remote version's server renderer (`renderer.cjs`; the site server calls it per request,
 * see `@rumbo/shared/server`): the estimate form, the tracking form and the clauses.
 */
import { RemoteRoot } from '@rumbo/shared';
import { createRenderer } from '@rumbo/shared/server';
import { cargoPackageTexts } from './locales';
import { Root } from './root';

const build = __BUILD_LABEL__ || __APP_VERSION__;

export const { render } = createRenderer({
  texts: [cargoPackageTexts],
  page: () => <RemoteRoot Root={Root} build={build} hydrating />,
  routes: [{ path: '/cargo' }, { path: '/cargo/seguimiento' }, { path: '/carga/clausulas' }],
});
