/**
 * This remote version's server renderer (`renderer.cjs` in its version folder; the site server
 * calls it per request, see `@rumbo/shared/server`): this remote's rows (`routes.tsx`, its
 * browser router's too).
 */
import { RemoteRoot } from '@rumbo/shared';
import { createRenderer } from '@rumbo/shared/server';
import { contentPackageTexts } from './locales';
import { CONTENT_ROUTES, Root } from './routes';

const build = __BUILD_LABEL__ || __APP_VERSION__;

export const { render } = createRenderer({
  texts: [contentPackageTexts],
  rows: CONTENT_ROUTES,
  root: (data) => <RemoteRoot Root={Root} build={build} hydrating data={data} />,
});
