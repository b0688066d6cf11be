/** Test helpers: answers to the `/rest` calls the api client makes through `fetch`. */
export type RestHandler = (request: Request) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Replaces `fetch` with `handler`; returns the requests it received, in order. */
export function stubRest(handler: RestHandler): Request[] {
  const requests: Request[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    return handler(request);
  }) as typeof fetch;
  return requests;
}
