/**
 * The shell version's server renderer (`renderer.cjs` in its version folder; the site server,
 * scripts/site-server.mjs, calls it per request): which remote owns the address (the route
 * table), the page's title and description, and the header and footer, in the reader's language
 * and state (a signed-in reader's header greets them: their profile is asked with their token).
 */
import { accountsEndpoints } from '@rumbo/shared/contract';
import type { RenderInput, ShellResult, UserData } from '@rumbo/shared';
import { i18n, loginPath } from '@rumbo/shared';
import { LOADER_BUDGET_MS, renderShellTree } from '@rumbo/shared/server';
import { UiProvider } from '@rumbo/shared/ui';
import { headFor } from './head';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { shellPackageTexts } from './locales';
import { routeFor } from './routes';

declare const __CHAKRA_GLOBAL_CSS__: string;

/** The signed-in reader's profile (their header's first name), or undefined: the header as signed out. */
async function profileOf(input: RenderInput): Promise<UserData | undefined> {
  if (!input.session) return undefined;
  try {
    const response = await fetch(`${input.config.apiBaseUrl.replace(/\/+$/, '')}${accountsEndpoints.profile.path}`, {
      headers: { Accept: 'application/json', 'Accept-Language': input.language, Authorization: `Bearer ${input.session.token}` },
      signal: AbortSignal.timeout(LOADER_BUDGET_MS),
    });
    return response.ok ? ((await response.json()) as { data?: UserData }).data : undefined;
  } catch {
    return undefined;
  }
}

export async function render(input: RenderInput): Promise<ShellResult & { globalCss: string; entry: string }> {
  const route = routeFor(input.path);
  const user = await profileOf(input);
  // A page for signed-in customers, asked without a session the API takes (none, expired, ended):
  // sign in first, then back here (spec: `/login` and its `pathname` query).
  if (route && 'signedIn' in route && route.signedIn && !user) {
    return { status: 303, redirect: loginPath(input.path), head: {}, html: '', css: { text: '', ids: [] }, data: {}, footer: { html: '' }, globalCss: '', entry: '/main.js' };
  }
  // Not signed in as far as the page can tell (an expired token): rendered signed out.
  const signedIn = user ? input : { ...input, session: undefined };
  const header = await renderShellTree(
    <UiProvider>
      <Header pathname={input.path} />
    </UiProvider>,
    { ...signedIn, user, texts: [shellPackageTexts] },
  );
  const footer = await renderShellTree(
    <UiProvider>
      <Footer staticCopy />
    </UiProvider>,
    { ...input, session: undefined, texts: [shellPackageTexts] },
  );
  const head = headFor(input.path, i18n.getFixedT(input.language, 'shell'));
  return {
    status: route ? 200 : 404,
    head,
    html: header.html,
    css: { text: header.css.text + footer.css.text, ids: [...header.css.ids, ...footer.css.ids] },
    data: {},
    footer: { html: footer.html },
    remote: route?.remote,
    globalCss: __CHAKRA_GLOBAL_CSS__,
    entry: '/main.js',
  };
}
