/**
 * The shell's part of every stitched page (README, Architecture), rendered in Node by its build
 * (`prerender.json`): the header of each route (signed out, its link marked current) and each
 * route's title and description, in es-PE; and the footer's static copy (its links and legal data;
 * its subscription form disabled, so no keystroke is taken that the live footer, rendered at idle,
 * would drop).
 */
import { i18n } from '@rumbo/shared';
import { prerenderPages, prepareServer, type PrerenderedPage } from '@rumbo/shared/server';
import { UiProvider } from '@rumbo/shared/ui';
import { headFor } from './head';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { shellPackageTexts } from './locales';
import { ROUTES } from './routes';

/**
 * Every route, by its path; a `:param` route by its pattern (`/pasajes/reserva/:codigo`: its
 * header marks no link and its title names no code, as for any of its addresses).
 */
const PATHS = ROUTES.map((route) => route.path);

const part = ({ html, css, ids }: PrerenderedPage) => ({ html, css, ids });

export async function prerender() {
  await prepareServer([shellPackageTexts]);
  const headers = await prerenderPages(PATHS, (path) => (
    <UiProvider>
      <Header pathname={path} />
    </UiProvider>
  ));
  const [footer] = await prerenderPages(['/'], () => (
    <UiProvider>
      <Footer staticCopy />
    </UiProvider>
  ));
  const t = i18n.getFixedT('es-PE', 'shell');
  return {
    footer: footer && part(footer),
    headers: Object.fromEntries(headers.map((header) => [header.path, part(header)])),
    heads: Object.fromEntries(PATHS.map((path) => [path, headFor(path, t)])),
  };
}
