import { hintEarlyRequest, hintRuntimeConfig, takeRuntimeConfig } from './early-hint';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const CONFIG = { apiBaseUrl: 'http://api.test/', product: 'rumbo', foundingYear: 1996 };

describe("the page's first request, started by /route-hints.js", () => {
  afterEach(() => {
    document.head.innerHTML = '';
    window.__earlyRequests = undefined;
    window.__runtimeConfig = undefined;
    window.history.replaceState(null, '', '/');
    jest.restoreAllMocks();
  });

  it("starts the request the page's data describes (its loader's `earlyRequest`), with the config it leaves for the shell", async () => {
    document.head.innerHTML = `<script type="application/json" id="page-data">${JSON.stringify({
      earlyRequest: { method: 'POST', path: '/rest/venta/consulta', route: '/pasajes/reserva/:codigo', body: { codigo: { param: 'codigo' }, canal: 'WEB' } },
    })}</script>`;
    window.history.replaceState(null, '', '/pasajes/reserva/ABCDEFGH');
    const fetchMock = jest.fn(async (url: string) => (url === '/config.json' ? json(CONFIG) : json({ data: [] })));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await hintEarlyRequest();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/config.json', 'http://api.test/rest/venta/consulta']);
    const init = (fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({ codigo: 'ABCDEFGH', canal: 'WEB' });
    expect(init.headers).toEqual({ 'Accept-Language': 'es-PE', 'Content-Type': 'application/json' });
    expect(window.__earlyRequests).toHaveLength(1);
    // The shell's boot takes the same config, without asking again.
    const read = jest.fn(async () => CONFIG);
    await expect(takeRuntimeConfig(read)).resolves.toEqual(CONFIG);
    expect(read).not.toHaveBeenCalled();
  });

  it('does nothing on a page that describes no request', async () => {
    const fetchMock = jest.fn();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await hintEarlyRequest();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__earlyRequests).toBeUndefined();
  });

  it('asks for the config once when the code starts too, for the early request and the boot alike', async () => {
    const fetchMock = jest.fn(async () => json(CONFIG));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    void hintRuntimeConfig();
    void hintRuntimeConfig();
    const read = jest.fn(async () => CONFIG);
    await expect(takeRuntimeConfig(read)).resolves.toEqual(CONFIG);
    expect(read).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
