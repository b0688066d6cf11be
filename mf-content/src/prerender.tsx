/**
 * The first screens of this remote's routes that show no customer data, rendered in Node by its
 * build (webpack.federation.mjs `createPrerenderConfig`) into `prerender.json`; the deploy stitches
 * them into complete pages. Rendered as the browser renders them first (`RemoteRoot`, hydrating).
 *
 * An information page's text is data of the environment, not of the build: its first screen is a
 * sized skeleton, and beside it a template of the page with its text whose fields are tokens
 * (`STITCH_TOKENS`). The deploy's stitch fetches the page from the API and, when it answers,
 * writes the template with the answer and the answer itself (which the page hydrates from); when
 * it does not, the skeleton (shell/scripts/page-data.mjs).
 */
import { RemoteRoot, TRIP_SEARCH_TO_SLOT, type StitchedAnswer } from '@rumbo/shared';
import { DestinationAnswer, endpoints } from '@rumbo/shared/contract';
import * as v from 'valibot';
import { destinationDataKey } from './destinations/destination.page';
import { PROMOTIONS_DATA_KEY } from './promotions/promotions.page';
import type { ReactNode } from 'react';
import { prerenderPages, prepareServer, setServerPageData } from '@rumbo/shared/server';
import { informationDataKey } from './information/information.resource';
import { contentPackageTexts } from './locales';
import { Root } from './root';
import { DESTINATION_SLUGS, INFORMATION_ROUTES } from './routes';

export const PATHS = [
  '/',
  '/promociones',
  '/oficina',
  '/corporativo',
  ...DESTINATION_SLUGS.map((slug) => `/destinos/${slug}`),
  ...INFORMATION_ROUTES.map(({ path }) => path),
];

/** The fields of a template, as the stitch finds and replaces them (shell/scripts/page-data.mjs). */
export const STITCH_TOKENS = {
  titulo: '__STITCH_titulo__',
  html: '__STITCH_html__',
  actualizado: '__STITCH_actualizado__',
  dateText: '__STITCH_dateText__',
} as const;

async function informationTemplates(render: () => ReactNode) {
  const templates = [];
  for (const { path, id } of INFORMATION_ROUTES) {
    const page = { id, slug: '', titulo: STITCH_TOKENS.titulo, html: STITCH_TOKENS.html, actualizado: STITCH_TOKENS.actualizado };
    setServerPageData({ [informationDataKey(id)]: { language: 'es-PE', page, dateText: STITCH_TOKENS.dateText } });
    const [template] = await prerenderPages([path], render);
    templates.push({ ...template!, endpoint: informationDataKey(id) });
  }
  setServerPageData({});
  return templates;
}

const render = () => <RemoteRoot Root={Root} build={__BUILD_LABEL__ || __APP_VERSION__} hydrating />;

/**
 * The pages whose first screen is the API's data, in lists a template cannot hold (a destination:
 * its routes with their "from" prices, terminals and agencies; the promotions): each is rendered
 * at deploy with the API's answer by `renderWithData` (this bundle, kept in the build folder as its
 * renderer), and until then, or when the API does not answer, is its sized skeleton. By path: the
 * call whose answer it is drawn with (where the page finds it, `stitchedAnswer`), its schema, and
 * the slots for other remotes' parts it then has (a destination's search, mf-booking's).
 */
const DATA_PAGES: Record<string, { key: string; schema: v.GenericSchema; slots?: string[] }> = {
  ...Object.fromEntries(
    DESTINATION_SLUGS.map((slug) => [`/destinos/${slug}`, { key: destinationDataKey(slug), schema: DestinationAnswer, slots: [TRIP_SEARCH_TO_SLOT.id] }]),
  ),
  '/promociones': { key: PROMOTIONS_DATA_KEY, schema: endpoints.promotions.answer },
};

/**
 * The page at `path` rendered with `answer` (its call's answer, in es-PE), with the data it
 * hydrates from; undefined when `path` is not such a page or the answer is not the call's.
 */
export async function renderWithData(path: string, answer: unknown) {
  const page = DATA_PAGES[path];
  const checked = page && v.safeParse(page.schema, answer);
  if (!page || !checked?.success) return undefined;
  await prepareServer([contentPackageTexts]);
  const stitched: StitchedAnswer<unknown> = { language: 'es-PE', answer: checked.output };
  const data = { [page.key]: stitched };
  setServerPageData(data);
  try {
    const [rendered] = await prerenderPages([path], render);
    return { ...rendered!, data };
  } finally {
    setServerPageData({});
  }
}

export async function prerender() {
  await prepareServer([contentPackageTexts]);
  const pages = await prerenderPages(PATHS, render);
  const templates = await informationTemplates(render);
  return {
    pages: pages.map((page) => {
      const template = templates.find((t) => t.path === page.path);
      if (template) return { ...page, template: { endpoint: template.endpoint, html: template.html, css: template.css, ids: template.ids } };
      const data = DATA_PAGES[page.path];
      return data ? { ...page, renderedWithData: { endpoint: data.key }, ...(data.slots ? { slots: data.slots } : {}) } : page;
    }),
  };
}
