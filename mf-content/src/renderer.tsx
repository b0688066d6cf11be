/**
 * This remote version's server renderer (`renderer.cjs` in its version folder; the site server
 * calls it per request, see `@rumbo/shared/server`): each route's loader, beside its page, runs
 * here and the page hydrates from its answer (`serverAnswer`, `serverPage`), then refreshes
 * from the API as it always does. A loader whose API is down or slow leaves the page's skeleton.
 */
import { RemoteRoot } from '@rumbo/shared';
import { agenciesEndpoints, contentEndpoints, DestinationAnswer, endpoints } from '@rumbo/shared/contract';
import pageHtml from '@rumbo/shared/contract/page-html.json';
import { answerOf, createRenderer, type LoaderContext } from '@rumbo/shared/server';
import sanitizeHtml from 'sanitize-html';
import { destinationDataKey } from './destinations/destination.page';
import { formatDate } from './information/information.page';
import { informationDataKey } from './information/information.resource';
import { contentPackageTexts } from './locales';
import { PROMOTIONS_DATA_KEY } from './promotions/promotions.page';
import { Root } from './root';
import { DESTINATION_SLUGS, INFORMATION_ROUTES } from './routes';

const isPage = (answer: unknown): answer is { titulo: string; html: string; actualizado: string } => {
  const page = answer as Record<string, unknown> | undefined;
  return typeof page?.titulo === 'string' && typeof page.html === 'string' && typeof page.actualizado === 'string';
};

/**
 * An information page's text, as the API answers it in the reader's language. It shows before the
 * browser's DOMPurify pass, so it is cleaned again with the API's own allowlist here; an answer
 * the cleaning would change did not come from the API as built, and the page keeps its skeleton.
 */
async function informationPage(context: LoaderContext, id: number): Promise<Record<string, unknown>> {
  const key = informationDataKey(id);
  const answer = await context.get(key);
  if (!isPage(answer) || sanitizeHtml(answer.html, pageHtml as sanitizeHtml.IOptions).trim() !== answer.html) return {};
  return { [key]: { language: context.language, page: answer, dateText: formatDate(answer.actualizado, context.language) } };
}

const build = __BUILD_LABEL__ || __APP_VERSION__;

export const { render } = createRenderer({
  texts: [contentPackageTexts],
  page: () => <RemoteRoot Root={Root} build={build} hydrating />,
  routes: [
    // The sections below the hero (promotions, destinations, agencies): drawn, not skeletons, before their code hydrates them in view.
    {
      path: '/',
      load: async (context) =>
        Object.assign(
          {},
          ...(await Promise.all([
            answerOf(context, PROMOTIONS_DATA_KEY, endpoints.promotions.answer),
            answerOf(context, contentEndpoints.destinations.path, contentEndpoints.destinations.answer),
            answerOf(context, agenciesEndpoints.agencies.path, agenciesEndpoints.agencies.answer),
          ])),
        ),
    },
    { path: '/promociones', load: (context) => answerOf(context, PROMOTIONS_DATA_KEY, endpoints.promotions.answer) },
    { path: '/oficina' },
    { path: '/corporativo' },
    ...DESTINATION_SLUGS.map((slug) => ({
      path: `/destinos/${slug}`,
      load: (context: LoaderContext) => answerOf(context, destinationDataKey(slug), DestinationAnswer),
    })),
    ...INFORMATION_ROUTES.map(({ path, id }) => ({ path, load: (context: LoaderContext) => informationPage(context, id) })),
  ],
});
