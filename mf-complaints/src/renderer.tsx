/**
 * This remote version's server renderer (`renderer.cjs`; the site server calls it per request,
 * see `@rumbo/shared/server`): the complaints book, its empty form with the destination cities
 * (its loader's), in the reader's language.
 */
import { RemoteRoot } from '@rumbo/shared';
import { contentEndpoints } from '@rumbo/shared/contract';
import { answerOf, createRenderer } from '@rumbo/shared/server';
import { ComplaintPage } from './complaint.page';
import { complaintsPackageTexts } from './locales';

const build = __BUILD_LABEL__ || __APP_VERSION__;

export const { render } = createRenderer({
  texts: [complaintsPackageTexts],
  page: () => <RemoteRoot Root={ComplaintPage} build={build} hydrating />,
  routes: [{ path: '/libro_reclamaciones', load: (context) => answerOf(context, contentEndpoints.cities.path, contentEndpoints.cities.answer) }],
});
