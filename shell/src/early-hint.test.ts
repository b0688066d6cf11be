import { runtimeConfig } from '@rumbo/shared/early';
import { takeRuntimeConfig } from './early-hint';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const CONFIG = { apiBaseUrl: 'http://api.test/', product: 'rumbo', foundingYear: 1996 };

describe("the runtime config, asked by /route-hints.js and taken by the shell's boot", () => {
  afterEach(() => {
    document.head.innerHTML = '';
    window.__earlyRequests = undefined;
    window.__runtimeConfig = undefined;
    window.history.replaceState(null, '', '/');
    jest.restoreAllMocks();
  });

  it("asks for the config once when the code starts too, for a frame's first request and the boot alike", async () => {
    const fetchMock = jest.fn(async () => json(CONFIG));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    void runtimeConfig();
    void runtimeConfig();
    const read = jest.fn(async () => CONFIG);
    await expect(takeRuntimeConfig(read)).resolves.toEqual(CONFIG);
    expect(read).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
