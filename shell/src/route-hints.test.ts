import { filesToPreload } from './remotes/manifest';
import { markFrameFilled } from '@rumbo/shared/early';
import { encodeBase64Json } from '@rumbo/shared/storage';
import { FILL_WAIT_MS, hintRoute, loadShell, takeRemotesRegistry, whenAreaArrived, whenToStart } from './route-hints';

const MANIFEST_URL = 'http://cdn.test/mf_complaints/1.0.0-abc/mf-manifest.json';
const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { path: '', name: 'remoteEntry.js' } },
  exposes: [
    { path: './app', assets: { js: { sync: ['529.x.js', '__federation_expose_app.y.js'], async: ['texts-en.t.js', 'payment.p.js'] } } },
    { path: './search', assets: { js: { sync: ['search.z.js'], async: [] } } },
  ],
};

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('route hints', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    localStorage.clear();
    delete window.__remotesRegistry;
    jest.restoreAllMocks();
  });

  it('lists the entry and the ./app chunks of a versioned build, next to its manifest', () => {
    expect(filesToPreload(manifest, MANIFEST_URL)).toEqual([
      'http://cdn.test/mf_complaints/1.0.0-abc/remoteEntry.js',
      'http://cdn.test/mf_complaints/1.0.0-abc/529.x.js',
      'http://cdn.test/mf_complaints/1.0.0-abc/__federation_expose_app.y.js',
    ]);
  });

  it("adds the texts of the visitor's other language (`texts-*` chunks, not bundled) when asked", () => {
    expect(filesToPreload(manifest, MANIFEST_URL, { otherLanguage: true })).toEqual([
      'http://cdn.test/mf_complaints/1.0.0-abc/remoteEntry.js',
      'http://cdn.test/mf_complaints/1.0.0-abc/529.x.js',
      'http://cdn.test/mf_complaints/1.0.0-abc/__federation_expose_app.y.js',
      'http://cdn.test/mf_complaints/1.0.0-abc/texts-en.t.js',
    ]);
  });

  it("preloads, for a reader whose stored language is not the one the server rendered in, the remote's texts in it", async () => {
    document.body.innerHTML = '<div id="remotes"><div id="remote-mf_complaints" data-language="es-PE"></div></div>';
    localStorage.setItem('lang-webrumbo', 'en-EN');
    globalThis.fetch = jest.fn(async (url: string) => (url === '/remotes.json' ? json({ mf_complaints: MANIFEST_URL }) : json(manifest))) as unknown as typeof fetch;
    await hintRoute('/libro_reclamaciones');
    const links = [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => link.getAttribute('href'));
    expect(links).toContain('http://cdn.test/mf_complaints/1.0.0-abc/texts-en.t.js');
  });

  it('preloads the remote that owns the page, found through the registry', async () => {
    const fetchMock = jest.fn(async (url: string) => (url === '/remotes.json' ? json({ mf_complaints: MANIFEST_URL }) : json(manifest)));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await hintRoute('/libro_reclamaciones');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/remotes.json', MANIFEST_URL]);
    const links = [...document.head.querySelectorAll('link[rel="preload"][as="script"]')].map((link) => link.getAttribute('href'));
    expect(links).toEqual(filesToPreload(manifest, MANIFEST_URL));
  });

  it('does nothing for a path no route owns or a remote that is not deployed', async () => {
    const fetchMock = jest.fn(async () => json({}));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await hintRoute('/no-such-page');
    expect(fetchMock).not.toHaveBeenCalled();
    await hintRoute('/libro_reclamaciones');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(document.head.querySelector('link')).toBeNull();
  });

  it("hands the registry it fetched to the shell's boot once, so the page asks for it once", async () => {
    const fetchMock = jest.fn(async (url: string) => (url === '/remotes.json' ? json({ mf_complaints: MANIFEST_URL }) : json(manifest)));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await hintRoute('/libro_reclamaciones');
    const read = jest.fn(async () => ({}));
    await expect(takeRemotesRegistry(read)).resolves.toEqual({ mf_complaints: MANIFEST_URL });
    expect(read).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/remotes.json')).toHaveLength(1);
    // taken once: a later boot (none today) reads for itself
    await expect(takeRemotesRegistry(read)).resolves.toEqual({});
    expect(read).toHaveBeenCalledTimes(1);
  });

});

describe('a page that paints first', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    jest.useRealTimers();
    delete (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver;
  });

  it("starts its code only once the browser reports the first screen's first paint, a frame after it", () => {
    jest.useFakeTimers();
    const observers: ((entries: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: (typeof observers)[number]) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    }
    Object.assign(globalThis, { PerformanceObserver: FakeObserver });
    const begin = jest.fn();
    whenToStart({ island: 'load' }, begin);
    observers[0]!({ getEntriesByName: () => [] });
    expect(begin).not.toHaveBeenCalled();
    observers[0]!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    expect(begin).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(begin).toHaveBeenCalledTimes(1);
  });

  describe('a frame with its client part (#frame-fill): the code waits until what it wrote has painted', () => {
    beforeEach(() => {
      document.head.innerHTML = '<script id="frame-fill" async></script>';
    });
    afterEach(() => {
      document.head.innerHTML = '';
      delete window.__frameFilled;
    });

    it('starts once the script says it has run, a frame after it', () => {
      jest.useFakeTimers();
      const begin = jest.fn();
      whenToStart({ island: 'load' }, begin);
      jest.advanceTimersByTime(FILL_WAIT_MS - 100);
      expect(begin).not.toHaveBeenCalled();
      markFrameFilled();
      expect(begin).not.toHaveBeenCalled();
      jest.advanceTimersByTime(100);
      expect(begin).toHaveBeenCalledTimes(1);
      jest.runAllTimers();
      expect(begin).toHaveBeenCalledTimes(1);
    });

    it('starts after the paint when the script ran before it', () => {
      jest.useFakeTimers();
      markFrameFilled();
      const begin = jest.fn();
      whenToStart({ island: 'load' }, begin);
      jest.advanceTimersByTime(100);
      expect(begin).toHaveBeenCalledTimes(1);
    });

    it('does not wait for a script that failed to load, nor longer than FILL_WAIT_MS for one that never says', () => {
      jest.useFakeTimers();
      const begin = jest.fn();
      whenToStart({ island: 'load' }, begin);
      jest.advanceTimersByTime(50);
      document.getElementById('frame-fill')!.dispatchEvent(new Event('error'));
      jest.advanceTimersByTime(100);
      expect(begin).toHaveBeenCalledTimes(1);
      const late = jest.fn();
      whenToStart({ island: 'load' }, late);
      jest.advanceTimersByTime(FILL_WAIT_MS);
      expect(late).not.toHaveBeenCalled();
      jest.advanceTimersByTime(100);
      expect(late).toHaveBeenCalledTimes(1);
      expect(begin).toHaveBeenCalledTimes(1);
    });
  });

  it('where the browser does not report paints (jsdom), starts after the next frame', () => {
    jest.useFakeTimers();
    const begin = jest.fn();
    whenToStart({ island: 'load' }, begin);
    expect(begin).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(begin).toHaveBeenCalledTimes(1);
  });

  it('starts at once without an island and for a reader whose stored language is not the HTML\'s; a signed-in reader\'s page waits as anyone\'s', () => {
    jest.useFakeTimers();
    const begin = jest.fn();
    whenToStart({}, begin);
    expect(begin).toHaveBeenCalledTimes(1);
    document.body.innerHTML = '<div id="remotes"><div data-language="es-PE"></div></div>';
    localStorage.setItem('lang-webrumbo', 'en-EN');
    whenToStart({ island: 'load' }, begin);
    expect(begin).toHaveBeenCalledTimes(2);
    localStorage.clear();
    // Their header shows the stored session from the first paint (stored-session-paint.ts): nothing to render anew.
    localStorage.setItem('auth_storage', encodeBase64Json({ token: 't', customer: { name: 'Rosa' }, expiresAt: Date.now() + 60_000 }));
    whenToStart({ island: 'load' }, begin);
    expect(begin).toHaveBeenCalledTimes(2);
    jest.runAllTimers();
    expect(begin).toHaveBeenCalledTimes(3);
    localStorage.clear();
  });
});

describe('a page whose code waits for the customer (on-intent)', () => {
  let observed: Element[];
  let report: (entries: { isIntersecting: boolean }[]) => void;
  beforeEach(() => {
    jest.useFakeTimers();
    observed = [];
    class FakeIntersection {
      constructor(callback: typeof report) {
        report = callback;
      }
      observe(element: Element) {
        observed.push(element);
      }
      disconnect() {}
    }
    Object.assign(globalThis, { IntersectionObserver: FakeIntersection });
    document.body.innerHTML = '<div id="remotes"><div><h1>Iniciar sesión</h1><input id="correo"/></div></div>';
  });
  afterEach(() => {
    jest.useRealTimers();
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    document.body.innerHTML = '';
  });

  const painted = (begin: () => void) => {
    whenToStart({ island: 'intent' }, begin);
    jest.runAllTimers();
  };

  it.each(['pointerdown', 'touchstart', 'keydown', 'scroll', 'pointermove', 'click', 'submit'])('starts on the first %s after the paint, once', (type) => {
    const begin = jest.fn();
    painted(begin);
    expect(begin).not.toHaveBeenCalled();
    window.dispatchEvent(new Event(type));
    window.dispatchEvent(new Event(type));
    document.getElementById('correo')!.focus();
    expect(begin).toHaveBeenCalledTimes(1);
  });

  it('starts when a field takes the focus', () => {
    const begin = jest.fn();
    painted(begin);
    document.getElementById('correo')!.focus();
    expect(begin).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a select', '<header><select><option value="es-PE" selected>Español</option><option value="en-EN">English</option></select></header>', (root: HTMLElement) => (root.querySelector('select')!.value = 'en-EN')],
    ['a field', '', (root: HTMLElement) => ((root.querySelector('#correo') as HTMLInputElement).value = 'ana@example.pe')],
    ['a box', '<input type="checkbox" id="acepto"/>', (root: HTMLElement) => ((root.querySelector('#acepto') as HTMLInputElement).checked = true)],
  ])('starts at once when the customer changed %s before the page could listen (between the HTML and its first paint)', (_what, markup, change) => {
    document.body.insertAdjacentHTML('afterbegin', markup);
    change(document.body);
    const begin = jest.fn();
    painted(begin);
    expect(begin).toHaveBeenCalledTimes(1);
  });

  it('keeps waiting on a page whose fields are as its HTML drew them', () => {
    document.body.insertAdjacentHTML('afterbegin', '<header><select><option value="es-PE">Español</option><option value="en-EN" selected>English</option></select><input type="checkbox" checked/></header>');
    (document.getElementById('correo') as HTMLInputElement).defaultValue = 'ana@example.pe';
    const begin = jest.fn();
    painted(begin);
    expect(begin).not.toHaveBeenCalled();
  });

  it('starts at once when something in view waits for its data, and when such a part is scrolled to', () => {
    document.body.innerHTML = '<div id="remotes"><div><div aria-busy="true"></div><div class="chakra-skeleton"></div></div></div>';
    const begin = jest.fn();
    painted(begin);
    expect(observed).toHaveLength(2);
    report([{ isIntersecting: false }, { isIntersecting: false }]);
    expect(begin).not.toHaveBeenCalled();
    report([{ isIntersecting: true }]);
    expect(begin).toHaveBeenCalledTimes(1);
  });

  it('waits for nothing on a page where nothing waits for data (no observer)', () => {
    const begin = jest.fn();
    painted(begin);
    expect(observed).toHaveLength(0);
    expect(begin).not.toHaveBeenCalled();
  });
});

describe("the shell's entry", () => {
  afterEach(() => {
    for (const script of [...document.scripts]) script.remove();
  });

  it('is added once, and not at all where the page already names it (index.html, served offline)', () => {
    loadShell('/main.js');
    loadShell('/main.js');
    expect([...document.scripts].filter((script) => script.src.endsWith('/main.js'))).toHaveLength(1);
    for (const script of [...document.scripts]) script.remove();
    const named = document.createElement('script');
    named.src = '/main.js';
    named.defer = true;
    document.head.appendChild(named);
    loadShell('/main.js');
    expect([...document.scripts].filter((script) => script.src.endsWith('/main.js'))).toHaveLength(1);
  });
});

describe('a streamed page: its island is read from its area once the area has arrived', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    jest.restoreAllMocks();
  });

  it("reads the area container's directive, none on a page without an area", () => {
    document.body.innerHTML = '<div id="remotes"><div id="remote-mf_content" data-island="intent" data-language="es-PE"></div></div>';
    const seen: unknown[] = [];
    whenAreaArrived((options) => seen.push(options));
    document.body.innerHTML = '<div id="remotes"></div>';
    whenAreaArrived((options) => seen.push(options));
    expect(seen).toEqual([{ island: 'intent' }, { island: undefined }]);
  });

  it('waits for the document while it is still arriving; a customer who acted meanwhile gets the code at once', () => {
    const state = jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const seen: unknown[] = [];
    whenAreaArrived((options) => seen.push(options));
    expect(seen).toEqual([]);
    window.dispatchEvent(new Event('pointerdown'));
    document.body.innerHTML = '<div id="remotes"><div id="remote-mf_content" data-island="intent"></div></div>';
    state.mockReturnValue('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(seen).toEqual([{ island: 'load' }]);
  });
});
