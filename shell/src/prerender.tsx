/**
 * The shell's part of every stitched page (README, Architecture), rendered in Node by its build
 * (`prerender.json`): the header of each route (signed out, its link marked current) and each
 * route's title and description, in es-PE. Not the footer: it is below the fold, and its
 * subscription form would take keystrokes that the live footer, rendered at idle, drops.
 */
import { i18n } from '@rumbo/shared';
import { prerenderPages, prepareServer, type PrerenderedPage } from '@rumbo/shared/server';
import { UiProvider } from '@rumbo/shared/ui';
import { headFor } from './head';
import { Header } from './layout/header';
import { shellPackageTexts } from './locales';
import { ROUTES } from './routes';

/** Every route with a path of its own (not `:param` routes: their pages depend on the customer's data). */
const PATHS = ROUTES.filter((route) => !route.path.includes(':')).map((route) => route.path);

const part = ({ html, css, ids }: PrerenderedPage) => ({ html, css, ids });

export async function prerender() {
  await prepareServer([shellPackageTexts]);
  const headers = await prerenderPages(PATHS, (path) => (
    <UiProvider>
      <Header pathname={path} />
    </UiProvider>
  ));
  const t = i18n.getFixedT('es-PE', 'shell');
  return {
    headers: Object.fromEntries(headers.map((header) => [header.path, part(header)])),
    heads: Object.fromEntries(PATHS.map((path) => [path, headFor(path, t)])),
  };
}
