import { ROUTES } from '../routes';
import { applyRegistry, prefetchRemote, preloadRoute } from './registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(async () => undefined),
}));

const MANIFEST_URL = 'http://cdn.test/mf_complaints/1.0.0-abc/mf-manifest.json';
const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { path: '', name: 'remoteEntry.js' } },
  exposes: [{ path: './app', assets: { js: { sync: ['529.x.js', '__federation_expose_app.y.js'] } } }],
};
const route = (id: string) => ROUTES.find((candidate) => candidate.id === id)!;
const hints = (rel: string) => [...document.head.querySelectorAll(`link[rel="${rel}"]`)].map((link) => link.getAttribute('href'));

describe('fetching the remote of a page the customer may open next', () => {
  const fetchMock = jest.fn(async () => new Response(JSON.stringify(manifest), { status: 200 }));
  beforeAll(() => {
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    applyRegistry({ mf_complaints: MANIFEST_URL, mf_content: 'http://cdn.test/mf_content/1.0.0-def/mf-manifest.json' });
  });

  it('fetches its entry and page chunks into the cache without running them, once', async () => {
    await prefetchRemote(route('complaints'));
    await prefetchRemote(route('complaints'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(hints('prefetch')).toEqual([
      'http://cdn.test/mf_complaints/1.0.0-abc/remoteEntry.js',
      'http://cdn.test/mf_complaints/1.0.0-abc/529.x.js',
      'http://cdn.test/mf_complaints/1.0.0-abc/__federation_expose_app.y.js',
    ]);
    // A prefetch is a cache hint, not a script: nothing of it runs on the current page.
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('fetches nothing for the remote of the page on screen: its code is already loaded', async () => {
    preloadRoute(route('terms'));
    await prefetchRemote(route('agencies'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fetches nothing for a remote that is not deployed', async () => {
    await prefetchRemote(route('cargo'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
