/**
 * This remote version's server renderer (`renderer.cjs`; the site server calls it per request,
 * see `@rumbo/shared/server`): the estimate form (its cities from the loader), the tracking form and the clauses.
 */
import { RemoteRoot } from '@rumbo/shared';
import { contentEndpoints } from '@rumbo/shared/contract';
import { answerOf, createRenderer } from '@rumbo/shared/server';
import { cargoPackageTexts } from './locales';
import { Root } from './root';

const build = __BUILD_LABEL__ || __APP_VERSION__;

export const { render } = createRenderer({
  texts: [cargoPackageTexts],
  page: () => <RemoteRoot Root={Root} build={build} hydrating />,
  routes: [
    { path: '/cargo', load: (context) => answerOf(context, contentEndpoints.cities.path, contentEndpoints.cities.answer) },
    { path: '/cargo/seguimiento' },
    { path: '/carga/clausulas' },
  ],
});
