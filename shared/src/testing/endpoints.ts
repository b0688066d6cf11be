import type { AnswerOf, AnyEndpoint } from '../contract/endpoint';

/** What a stubbed endpoint answers: its `data` (typed by the endpoint's answer schema), or a whole Response (a refusal, a file). */
export type StubAnswer<E extends AnyEndpoint> = AnswerOf<E> | Response;

/** An endpoint's answer, or a function of the request (and its JSON body) that answers it. */
export type StubReply<E extends AnyEndpoint> = StubAnswer<E> | ((request: Request, body: Record<string, unknown>) => StubAnswer<E> | Promise<StubAnswer<E>>);

/** One endpoint and how it answers (`answer(endpoint, data)`). */
export interface EndpointStub {
  endpoint: AnyEndpoint;
  reply: StubReply<AnyEndpoint>;
}

/** A JSON answer, as the API sends them. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** How `endpoint` answers in a test: `data` is checked at compile time against the endpoint's answer schema. */
export function answer<E extends AnyEndpoint>(endpoint: E, reply: StubReply<E>): EndpointStub {
  return { endpoint, reply: reply as StubReply<AnyEndpoint> };
}

/** Whether a request is a call of `endpoint` (its method, and its path with any `:parameter`). */
export function isCallOf(endpoint: AnyEndpoint, request: Request): boolean {
  const pattern = new RegExp(`^${endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);
  return request.method === endpoint.method && pattern.test(new URL(request.url).pathname);
}

/** A request's JSON body as the stubs see it (`{}` for a GET or a body that is not JSON). */
export async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  if (request.method === 'GET') return {};
  return (await request
    .clone()
    .json()
    .catch(() => ({}))) as Record<string, unknown>;
}

/** The Response of a stub's answer: data is wrapped as the API does (`{ data }`), a Response is a fresh copy. */
async function respond(stub: EndpointStub, request: Request): Promise<Response> {
  const reply = typeof stub.reply === 'function' ? await stub.reply(request, await bodyOf(request)) : stub.reply;
  if (reply instanceof Response) return reply.clone();
  if (stub.endpoint.status === 204) return new Response(null, { status: 204 });
  return json(stub.endpoint.status ?? 200, { data: reply });
}

/** Answers each call with the first stub of its endpoint; any other call answers 404 as the API does. */
export function endpointHandler(stubs: readonly EndpointStub[]) {
  return async (request: Request): Promise<Response> => {
    const stub = stubs.find((candidate) => isCallOf(candidate.endpoint, request));
    return stub ? respond(stub, request) : json(404, { message: 'not found', code: 'request.notFound' });
  };
}
