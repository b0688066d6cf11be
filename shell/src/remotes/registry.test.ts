import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { i18n } from '@rumbo/shared';
import { setUpShared } from '@rumbo/shared/testing';
import { ROUTES } from '../routes';
import sharedPackage from '../../../shared/package.json';
import { ON_DEMAND_SHARED, applyRegistry, loadApp, prefetchRemote, prefetchShared, preloadRoute, resetRemote } from './registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async () => ({ bootstrap: [], mount: [], unmount: [] })),
}));

const COMPLAINTS_MANIFEST = 'http://cdn.test/mf_complaints/1.0.0-abc/mf-manifest.json';
const CONTENT_MANIFEST = 'http://cdn.test/mf_content/1.0.0-def/mf-manifest.json';
const ACCOUNT_MANIFEST = 'http://cdn.test/mf_account/1.0.0-fed/mf-manifest.json';
const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { path: '', name: 'remoteEntry.js' } },
  exposes: [{ path: './app', assets: { js: { sync: ['529.x.js', '__federation_expose_app.y.js'], async: ['texts-en.t.js'] } } }],
};
const route = (id: string) => ROUTES.find((candidate) => candidate.id === id)!;
const hints = (rel: string) => [...document.head.querySelectorAll(`link[rel="${rel}"]`)].map((link) => link.getAttribute('href'));
const SHARED_CHUNKS = { combobox: ['444.a.js', '593.b.js', '826.c.js'], forms: ['408.d.js', '593.b.js'] };
// What a remote's build writes (webpack.federation.mjs): its `./app` and named page chunks' needs.
const SHARED_NEEDS = { app: ['forms'] };
const answer = (url: string) => (url === '/shared-chunks.json' ? SHARED_CHUNKS : url.endsWith('/shared-needs.json') ? SHARED_NEEDS : manifest);
const fetchMock = jest.fn(async (url: string) => new Response(JSON.stringify(answer(url)), { status: 200 }));
const manifestReads = (url: string) => fetchMock.mock.calls.filter(([called]) => called === url).length;

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  applyRegistry({ mf_complaints: COMPLAINTS_MANIFEST, mf_content: CONTENT_MANIFEST, mf_account: ACCOUNT_MANIFEST });
});

describe('fetching the remote of a page the customer may open next', () => {
  it('fetches its entry and page chunks into the cache without running them, once', async () => {
    await prefetchRemote(route('complaints'));
    await prefetchRemote(route('complaints'));
    expect(manifestReads(COMPLAINTS_MANIFEST)).toBe(1);
    expect(hints('prefetch')).toEqual([
      'http://cdn.test/mf_complaints/1.0.0-abc/remoteEntry.js',
      'http://cdn.test/mf_complaints/1.0.0-abc/529.x.js',
      'http://cdn.test/mf_complaints/1.0.0-abc/__federation_expose_app.y.js',
    ]);
    // A prefetch is a cache hint, not a script: nothing of it runs on the current page.
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('preloads the code of the page on screen and prefetches nothing more for its remote', async () => {
    preloadRoute(route('terms'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hints('preload')).toContain('http://cdn.test/mf_content/1.0.0-def/remoteEntry.js');
    await prefetchRemote(route('agencies'));
    expect(manifestReads(CONTENT_MANIFEST)).toBe(1);
    expect(hints('prefetch')).not.toContain('http://cdn.test/mf_content/1.0.0-def/remoteEntry.js');
  });

  it('fetches nothing for a remote that is not deployed', async () => {
    const before = fetchMock.mock.calls.length;
    await prefetchRemote(route('cargo'));
    expect(fetchMock.mock.calls.length).toBe(before);
  });
});

describe('loading a remote', () => {
  it('registers the entry its manifest names, then loads its ./app', async () => {
    await loadApp('mf_complaints');
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mf_complaints', entry: 'http://cdn.test/mf_complaints/1.0.0-abc/remoteEntry.js' }],
      { force: true },
    );
    expect(loadRemote).toHaveBeenCalledWith('mf_complaints/app');
  });

  it('tries a manifest that fails on the network once more, then gives up until "try again"', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const failing = loadApp('mf_account');
    const settled = expect(failing).rejects.toThrow('Failed to fetch');
    await jest.advanceTimersByTimeAsync(500);
    await settled;
    expect(manifestReads(ACCOUNT_MANIFEST)).toBe(2);
    jest.useRealTimers();

    resetRemote('mf_account');
    await loadApp('mf_account');
    expect(manifestReads(ACCOUNT_MANIFEST)).toBe(3);
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mf_account', entry: 'http://cdn.test/mf_account/1.0.0-fed/remoteEntry.js' }],
      { force: true },
    );
  });

  it('does not retry a manifest the server says is not there', async () => {
    applyRegistry({ mf_cargo: 'http://cdn.test/mf_cargo/9.9.9-gone/mf-manifest.json' });
    fetchMock.mockResolvedValueOnce(new Response('not found', { status: 404 }));
    await expect(loadApp('mf_cargo')).rejects.toThrow('404');
    expect(manifestReads('http://cdn.test/mf_cargo/9.9.9-gone/mf-manifest.json')).toBe(1);
  });
});

describe('fetching a shared module a screen runs only when the customer acts', () => {
  it("fetches the module's files into the cache, as the shell's build lists them, once", async () => {
    prefetchShared('combobox');
    prefetchShared('combobox');
    await waitForHint('/826.c.js');
    expect(hints('prefetch')).toEqual(expect.arrayContaining(['/444.a.js', '/593.b.js', '/826.c.js']));
    expect(manifestReads('/shared-chunks.json')).toBe(1);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it("loads the modules the page's remote says it imports, and fetches nothing more for them", async () => {
    applyRegistry({ mf_complaints: COMPLAINTS_MANIFEST });
    preloadRoute(route('complaints'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(manifestReads('http://cdn.test/mf_complaints/1.0.0-abc/shared-needs.json')).toBe(1);
    prefetchShared('forms');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hints('prefetch')).not.toContain('/408.d.js');
  });
});

async function waitForHint(href: string) {
  for (let tries = 0; tries < 20 && !hints('prefetch').includes(href); tries++) await new Promise((resolve) => setTimeout(resolve, 0));
}

it('loads every on-demand shared module the shared package exports, and only those', () => {
  // The build shares each `./ui/<name>` export on demand (webpack.federation.mjs); the shell must
  // be able to load each one (its import is what puts the shell's instance in the share scope).
  const exported = Object.keys(sharedPackage.exports)
    .filter((entry) => entry.startsWith('./ui/'))
    .map((entry) => entry.slice('./ui/'.length));
  expect(Object.keys(ON_DEMAND_SHARED).sort()).toEqual(exported.sort());
});

it("fetches, for a visitor who reads English, the remote's English texts too (not in its bundle)", async () => {
  const BOOKING_MANIFEST = 'http://cdn.test/mf_booking/1.0.0-bbb/mf-manifest.json';
  applyRegistry({ mf_booking: BOOKING_MANIFEST });
  await setUpShared('en-EN');
  await prefetchRemote(ROUTES.find((candidate) => candidate.remote === 'mf_booking')!);
  expect(hints('prefetch')).toContain('http://cdn.test/mf_booking/1.0.0-bbb/texts-en.t.js');
  await i18n.changeLanguage('es-PE');
});
