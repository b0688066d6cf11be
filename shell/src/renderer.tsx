/**
 * The shell version's server renderer (`renderer.cjs` in its version folder; the site server,
 * server/site-server.ts, calls it per request): which remote owns the address (the route
 * table), the page's title and description, and the header and footer, in the reader's language,
 * the same for every reader (a signed-in reader's header greets them from the session their
 * browser keeps: stored-session-paint.ts); on a page of a customer's own, their profile, asked
 * with their token.
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

/**
 * The signed-in reader's profile (for their own page's area); `refused` when the API does not take
 * their token (none, expired, ended); undefined when it could not tell (down, slow).
 */
async function profileOf(input: RenderInput): Promise<UserData | 'refused' | undefined> {
  if (!input.session) return 'refused';
  try {
    const response = await fetch(`${input.config.apiBaseUrl.replace(/\/+$/, '')}${accountsEndpoints.profile.path}`, {
      headers: { Accept: 'application/json', 'Accept-Language': input.language, Authorization: `Bearer ${input.session.token}` },
      signal: AbortSignal.timeout(LOADER_BUDGET_MS),
    });
    if (response.status === 401 || response.status === 403) return 'refused';
    return response.ok ? ((await response.json()) as { data?: UserData }).data : undefined;
  } catch {
    return undefined;
  }
}

/** The header and the footer of a page, every reader's (its account button shows the browser's session: stored-session-paint.ts). */
interface Trees {
  header: Awaited<ReturnType<typeof renderShellTree>>;
  footer: Awaited<ReturnType<typeof renderShellTree>>;
}

/** How long, and for how many addresses, this version keeps the header and footer it rendered. */
const TREES_MS = 60_000;
const TREES_KEPT = 64;
const trees = new Map<string, { until: number; made: Promise<Trees> }>();

async function renderTrees(input: RenderInput): Promise<Trees> {
  const anyone = { ...input, session: undefined, nonce: undefined, texts: [shellPackageTexts] };
  const header = await renderShellTree(
    <UiProvider>
      <Header pathname={input.path} />
    </UiProvider>,
    anyone,
  );
  const footer = await renderShellTree(
    <UiProvider>
      <Footer />
    </UiProvider>,
    anyone,
  );
  return { header, footer };
}

/**
 * The header and the footer for `input`'s address and language, the same for every reader:
 * rendered once a minute here, so a page rendered per reader (Mi cuenta's: the site server keeps
 * only pages every reader shares) does not render them again for each (issue 49: they were most
 * of a signed-in `/micuenta`'s time in the shell's renderer).
 */
function treesFor(input: RenderInput): Promise<Trees> {
  const key = `${input.path}|${input.language}|${JSON.stringify(input.config)}`;
  const now = Date.now();
  const kept = trees.get(key);
  if (kept && kept.until > now) return kept.made;
  const entry = { until: now + TREES_MS, made: renderTrees(input) };
  trees.delete(key);
  trees.set(key, entry);
  if (trees.size > TREES_KEPT) trees.delete(trees.keys().next().value!);
  // A render that failed is not kept: the next page renders them again.
  entry.made.catch(() => trees.get(key) === entry && trees.delete(key));
  return entry.made;
}

export async function render(input: RenderInput): Promise<ShellResult & { globalCss: string; entry: string }> {
  const route = routeFor(input.path);
  // A page of the reader's own (Mi cuenta): rendered for them by its remote, with their profile,
  // asked here once per page (`user` → `RenderInput.profile`). Any other page is the same for
  // every reader, signed in or not: no profile asked, nothing of theirs in it.
  const personal = Boolean(route && 'signedIn' in route && route.signedIn);
  const made = treesFor(input);
  const profile = personal ? await profileOf(input) : undefined;
  const user = typeof profile === 'object' ? profile : undefined;
  // A page for signed-in customers, asked without a session the API takes (none, expired, ended):
  // sign in first, then back here (spec: `/login` and its `pathname` query). An API that cannot
  // tell (down) sends no one away: the page renders and the browser asks again.
  if (personal && profile === 'refused') {
    made.catch(() => undefined);
    return { status: 303, redirect: loginPath(input.path), head: {}, html: '', css: { text: '', ids: [] }, data: {}, footer: { html: '' }, remote: route?.remote, personal, globalCss: '', entry: '/main.js' };
  }
  const { header, footer } = await made;
  const head = headFor(input.path, i18n.getFixedT(input.language, 'shell'));
  return {
    status: route ? 200 : 404,
    head,
    html: header.html,
    css: { text: header.css.text + footer.css.text, ids: [...header.css.ids, ...footer.css.ids] },
    data: {},
    footer: { html: footer.html },
    remote: route?.remote,
    personal,
    ...(user ? { user } : {}),
    globalCss: __CHAKRA_GLOBAL_CSS__,
    entry: '/main.js',
  };
}
