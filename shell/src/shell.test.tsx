import { encodeBase64Json, registerTexts, session } from '@rumbo/shared';
import { json, setUpShared, stubRest } from '@rumbo/shared/testing';
import { UiProvider } from '@rumbo/shared/ui';
import { act } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import type { ReactNode } from 'react';
import { keepEarlyInput } from './early-input';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { shellPackageTexts } from './locales';
import type { MainArea } from './remotes/applications';
import { renderShell } from './shell';
import { paintStoredSession } from './stored-session-paint';

/**
 * The page as the site server sends it (document.ts): the server's header and footer, every
 * reader's, in the body that names the language they were rendered in; then the first script.
 */
/** As the site server renders: waiting for every lazy part (the account menu). React's server build asks for `setImmediate`, which jsdom lacks. */
Object.assign(globalThis, { setImmediate: globalThis.setImmediate ?? ((run: () => void) => setTimeout(run, 0)) });
async function serverHtml(tree: ReactNode): Promise<string> {
  const stream = await renderToReadableStream(tree);
  await stream.allReady;
  return new Response(stream).text();
}

async function serverPage(language = 'es-PE') {
  const header = await serverHtml(
    <UiProvider>
      <Header pathname="/" />
    </UiProvider>,
  );
  const footer = await serverHtml(
    <UiProvider>
      <Footer />
    </UiProvider>,
  );
  document.body.setAttribute('data-language', language);
  document.body.innerHTML =
    `<div id="shell-header">${header}</div><main id="main"><div id="shell-main"></div><div id="remotes"></div></main>` + `<div id="shell-footer">${footer}</div>`;
  paintStoredSession(document);
}

/**
 * What React reported (a hydration mismatch among them), but for its warning that this process runs
 * its server renderer and its browser one side by side (on one context), which a page never does.
 */
let errors: jest.SpyInstance;
const reported = () => errors.mock.calls.filter(([message]) => !String(message).includes('multiple renderers concurrently'));

const AREA = { pathname: '/', state: 'ready' } as unknown as MainArea;
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

describe("the shell's root on a server-rendered page", () => {
  keepEarlyInput();
  beforeAll(async () => {
    await setUpShared('es-PE');
    await registerTexts(shellPackageTexts);
  });
  beforeEach(() => {
    stubRest(() => json(503, { message: 'down', code: 'request.failed' }));
    const report = console.error.bind(console);
    errors = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('multiple renderers concurrently')) report(...args);
    });
  });
  afterEach(() => {
    errors.mockRestore();
    localStorage.clear();
    act(() => session.signOut());
  });

  it("hydrates the server's header (the same elements), then shows the stored session's button in place of the both-buttons copy, with no mismatch", async () => {
    localStorage.setItem('auth_storage', encodeBase64Json({ token: 't', customer: { name: 'ROSA maría' }, expiresAt: Date.now() + 60_000 }));
    await serverPage();
    act(() => session.load());
    const header = document.querySelector('#shell-header header')!;
    const signedIn = document.querySelector('[data-account="in"]')!;
    // The first script's paint: the name written in, before any code.
    expect(signedIn.querySelector('[data-account-name]')).toHaveTextContent('Rosa');
    const button = signedIn.querySelector('a')!;
    let footerNow: () => void = () => undefined;
    await act(async () => renderShell(AREA, (run) => void (footerNow = run)));
    await settle();
    expect(document.querySelector('#shell-header')).toHaveAttribute('data-live');
    expect(document.querySelector('#shell-header header')).toBe(header);
    // The copy's other button is gone; the signed-in one is the same element, now the live header's.
    expect(document.querySelector('#shell-header [data-account]')).toBeNull();
    expect(document.querySelector('[data-testid="account-button"]')).toBe(button);
    expect(button).toHaveTextContent('Rosa');
    // The footer waits for `later`, its markup the server's meanwhile.
    expect(document.querySelector('#shell-footer')).not.toHaveAttribute('data-live');
    await act(async () => footerNow());
    await settle();
    expect(document.querySelector('#shell-footer')).toHaveAttribute('data-live');
    expect(reported()).toEqual([]);
  });

  it('a session whose customer arrives as the header hydrates: the name is written once the store has it', async () => {
    localStorage.setItem('auth_storage', encodeBase64Json({ token: 't', customer: null, expiresAt: Date.now() + 60_000 }));
    await serverPage();
    act(() => session.load());
    // The customer, asked with the token, answers while the header hydrates.
    await act(async () => {
      renderShell(AREA, () => undefined);
      session.signIn('t', { name: 'ana lucía' } as Parameters<typeof session.signIn>[1]);
    });
    await settle();
    expect(document.querySelector('[data-testid="account-button"]')).toHaveTextContent('Ana');
    expect(reported()).toEqual([]);
  });

  it("a reader without a session: the copy's 'Acceder' becomes the live one, the same element", async () => {
    await serverPage();
    act(() => session.load());
    const acceder = document.querySelector('[data-account="out"]')!;
    await act(async () => renderShell(AREA, () => undefined));
    await settle();
    expect(document.querySelector('[data-testid="account-button"]')).toBe(acceder);
    expect(document.querySelector('#shell-header [data-account="in"]')).toBeNull();
    expect(reported()).toEqual([]);
  });

  it("the footer's form works from the server's markup: what was typed and sent before it hydrated is handed over", async () => {
    await serverPage();
    act(() => session.load());
    const sent: string[] = [];
    stubRest(async (request) => {
      if (request.method !== 'POST') return json(503, { message: 'down', code: 'request.failed' });
      sent.push(await request.text());
      return json(200, { data: { correo: 'ana@example.pe' } });
    });
    const field = document.querySelector<HTMLInputElement>('#footer-subscribe-correo')!;
    expect(field).toBeEnabled();
    field.value = 'ana@example.pe';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    const early = new Event('submit', { bubbles: true, cancelable: true });
    field.form!.dispatchEvent(early);
    // Held: the browser would have sent it to the page's own address.
    expect(early.defaultPrevented).toBe(true);
    await act(async () => renderShell(AREA, (run) => run()));
    await settle();
    await settle();
    expect(sent).toEqual([JSON.stringify({ correo: 'ana@example.pe' })]);
    expect(document.querySelector('[data-testid="footer-subscribe-sent"]')).toBeInTheDocument();
    expect(reported()).toEqual([]);
  });

  it("draws the header anew where the page holds none of the server's (index.html's static header)", async () => {
    document.body.removeAttribute('data-language');
    document.body.innerHTML =
      '<div id="shell-header"><div class="boot-header"></div></div><main id="main"><div id="shell-main"></div><div id="remotes"></div></main><div id="shell-footer"></div>';
    act(() => session.load());
    await act(async () => renderShell(AREA, (run) => run()));
    await settle();
    expect(document.querySelector('.boot-header')).toBeNull();
    expect(document.querySelector('[data-testid="account-button"]')).toHaveTextContent('Acceder');
    expect(document.querySelector('#shell-footer footer')).toBeInTheDocument();
    expect(reported()).toEqual([]);
  });
});
