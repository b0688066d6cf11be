import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { configure, type RuntimeConfig } from '../config';
import { i18n, initI18n, type Language } from '../i18n';
import { PAINT } from '../paint';
import { UiProvider } from '../ui/provider';
import type { AnyEndpoint } from '../contract/endpoint';
import { answer, bodyOf, endpointHandler, isCallOf, type EndpointStub, type StubReply } from './endpoints';

export const TEST_CONFIG: RuntimeConfig = {
  apiBaseUrl: 'http://api.test',
  product: 'rumbo',
  foundingYear: 1996,
};

/** Configures `shared` as the shell does, in the given language. */
export async function setUpShared(language: Language = 'es-PE', config: RuntimeConfig = TEST_CONFIG) {
  configure(config);
  initI18n(config.product);
  await i18n.changeLanguage(language);
}

/** Renders inside the site's providers, as a mounted remote is. */
export function renderWithUi(ui: ReactElement, options?: RenderOptions) {
  const Wrapper = ({ children }: { children: ReactNode }) => <UiProvider>{children}</UiProvider>;
  return render(ui, { wrapper: Wrapper, ...options });
}

export { NO_TEXT_DIFFERENCES, textDifferences } from './texts';
export { answer, bodyOf, endpointHandler, isCallOf, json, type EndpointStub, type StubAnswer, type StubReply } from './endpoints';

export type RestHandler = (request: Request) => Response | Promise<Response>;

/** Answers the `/rest` calls the api client makes through `fetch` with `handler`; returns the requests it received, in order. */
export function stubRest(handler: RestHandler): Request[] {
  const requests: Request[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    return handler(request);
  }) as typeof fetch;
  return requests;
}

/**
 * Answers the calls of the given endpoints (`answer(endpoints.x, data)`, data typed by the
 * contract's answer schema); any other call answers 404. Returns the requests, in order.
 */
export function stubEndpoints(...stubs: EndpointStub[]): Request[] {
  return stubRest(endpointHandler(stubs));
}

/** Answers the calls of one endpoint (`data` typed by its answer schema); any other call answers 404. */
export function stubEndpoint<E extends AnyEndpoint>(endpoint: E, reply: StubReply<E>): Request[] {
  return stubEndpoints(answer(endpoint, reply));
}

/** A call the stubbed API received: the request and its JSON body. */
export interface StubbedCall {
  request: Request;
  body: Record<string, unknown>;
}

/**
 * Like `stubEndpoints`, and records each call with its JSON body: `calls` in order, and
 * `to(endpoint)` the bodies sent to one endpoint, in order.
 */
export function stubEndpointCalls(...stubs: EndpointStub[]) {
  const calls: StubbedCall[] = [];
  const handler = endpointHandler(stubs);
  stubRest(async (request) => {
    // recorded as it arrives (calls keep their order), its body read before it is answered
    const call: StubbedCall = { request, body: {} };
    calls.push(call);
    call.body = await bodyOf(request);
    return handler(request);
  });
  return {
    calls,
    to: (endpoint: AnyEndpoint) => calls.filter((call) => isCallOf(endpoint, call.request)).map((call) => call.body),
  };
}
export { hydrateAt } from './hydrate';

/**
 * Writes `data` into the document as the site server's render writes a page's data
 * (`<script type="application/json" id="page-data">`, read by `renderedData` when a remote mounts
 * on the server's markup); answers the function that removes it.
 */
export function writePageData(data: Record<string, unknown>): () => void {
  const script = Object.assign(document.createElement('script'), { type: 'application/json', id: PAINT.data, textContent: JSON.stringify(data) });
  document.head.append(script);
  return () => script.remove();
}
