import ky, { isHTTPError, type KyInstance, type RetryOptions } from 'ky';
import { getConfig } from './config';
import { endpointPath, type AnswerOf, type AnyEndpoint, type PathParams, type RequestOf } from './contract/endpoint';
import { clientHeaders, takeEarlyResponse } from './early-request';
import { STORAGE_KEYS, readCookie } from './storage';

/**
 * The `/rest` client (spec §7): JSON, bearer token from the cookie `token` or the stored session,
 * GET without body, and 401, 403 or a network failure yield no result (`undefined`).
 * Any other failure answer (a 400 with its translated message, a 404, a 429...) is an `ApiError`
 * so forms can show the server's message next to the field it names.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

interface ErrorBody {
  message?: string;
  code?: string;
  field?: string;
}

export interface ApiDeps {
  /** The session token, if any (the session store provides it). */
  token: () => string | undefined;
  /** The current language, sent as Accept-Language so the server answers in it. */
  language: () => string;
}

const NO_RESULT = new Set([401, 403]);

export interface PostOptions {
  /** ky's retry options for this call (network failures, timeouts and 5xx answers). */
  retry?: RetryOptions;
  /** Headers of this call beside the client's own (the seat holds' device id). */
  headers?: Record<string, string>;
}

/** What `call` answers: the answer's `data`, or the file of an endpoint that answers one (a PDF). */
export type CallAnswer<E extends AnyEndpoint> = E['produces'] extends 'application/pdf' | 'application/xml' ? Blob : AnswerOf<E>;

type NoParams<E extends AnyEndpoint> = keyof PathParams<E> extends never ? true : false;

/** `call`'s options: the path parameters of an endpoint that has some, and a POST's retry. */
export type CallOptions<E extends AnyEndpoint> = PostOptions & (NoParams<E> extends true ? { params?: undefined } : { params: PathParams<E> });

/** `call`'s arguments after the endpoint: the request (none for an endpoint that reads none), then the options. */
export type CallArgs<E extends AnyEndpoint> =
  RequestOf<E> extends undefined
    ? NoParams<E> extends true
      ? [request?: undefined, options?: CallOptions<E>]
      : [request: undefined, options: CallOptions<E>]
    : NoParams<E> extends true
      ? [request: RequestOf<E>, options?: CallOptions<E>]
      : [request: RequestOf<E>, options: CallOptions<E>];

/** The absolute URL of a GET endpoint (a link to a PDF, say), its parameters and query filled in. */
export function endpointUrl<E extends AnyEndpoint>(endpoint: E, params: PathParams<E>, query?: Record<string, string>): string {
  return `${getConfig().apiBaseUrl.replace(/\/+$/, '')}${endpointPath(endpoint, params, query)}`;
}

/** The `data` of a JSON answer. */
async function dataOf<T>(response: Response): Promise<T | undefined> {
  const body = (await response.json()) as { data?: T } | undefined;
  return body?.data;
}

export class ApiClient {
  private http: KyInstance | undefined;

  constructor(private readonly deps: ApiDeps) {}

  private client(): KyInstance {
    this.http ??= ky.create({
      prefix: getConfig().apiBaseUrl,
      retry: 0,
      timeout: 15_000,
      hooks: {
        beforeRequest: [
          ({ request }) => {
            for (const [name, value] of Object.entries(this.headers())) request.headers.set(name, value);
          },
        ],
      },
    });
    return this.http;
  }

  /**
   * Calls an endpoint of the contract (`@rumbo/shared/contract`): its request typed by the
   * endpoint's schema (a GET's query, a POST's body), its answer by the answer schema; the same
   * rules as `get` and `post` (401, 403 and network failures → undefined, other failures → ApiError).
   */
  call<E extends AnyEndpoint>(endpoint: E, ...[request, options]: CallArgs<E>): Promise<CallAnswer<E> | undefined> {
    const path = endpointPath(endpoint, (options?.params ?? {}) as PathParams<E>);
    if (endpoint.method === 'GET') {
      const query = request as Record<string, string> | undefined;
      return this.get<CallAnswer<E>>(path, query && Object.keys(query).length > 0 ? query : undefined);
    }
    if (endpoint.produces === 'application/pdf' || endpoint.produces === 'application/xml') return this.postBlob(path, request ?? {}) as Promise<CallAnswer<E> | undefined>;
    return this.post<CallAnswer<E>>(path, request ?? {}, { retry: options?.retry, headers: options?.headers });
  }

  /** The bearer token (the cookie's, else the session's) and the language. */
  private headers(): Record<string, string> {
    return clientHeaders(readCookie(STORAGE_KEYS.tokenCookie) ?? this.deps.token(), this.deps.language());
  }

  /** `GET path` → the answer's `data`. */
  get<T>(path: string, searchParams?: Record<string, string>): Promise<T | undefined> {
    return this.orEarly('GET', path, searchParams ?? {}, () => this.send<T>(() => this.client().get(path.replace(/^\//, ''), { searchParams })));
  }

  /**
   * `POST path` with a JSON body → the answer's `data`. A POST is tried once unless `retry` says
   * otherwise (only for a call that is safe to repeat, such as a release).
   */
  post<T>(path: string, body: unknown = {}, { retry, headers }: PostOptions = {}): Promise<T | undefined> {
    return this.orEarly('POST', path, body, () => this.send<T>(() => this.client().post(path.replace(/^\//, ''), { json: body, ...(retry ? { retry } : {}), ...(headers ? { headers } : {}) }), dataOf<T>));
  }

  /**
   * The answer of the same request, started by the server-rendered page before this code arrived
   * (`./early-request`), read as this client reads its own (a refusal is an `ApiError`, a 401 no
   * result); else `own`: none was started, no answer came, or the server failed (asked once more).
   */
  private orEarly<T>(method: 'GET' | 'POST', path: string, body: unknown, own: () => Promise<T | undefined>): Promise<T | undefined> {
    const early = takeEarlyResponse(method, path, body, this.headers());
    if (!early) return own();
    return early.then(async (response) => {
      if (response.ok) return dataOf<T>(response).catch(() => undefined);
      if (response.status >= 500) return own();
      const data = (await response.json().catch(() => undefined)) as ErrorBody | undefined;
      return this.fail(response.status, data, response.statusText);
    }, own);
  }

  /** `POST path` with a JSON body → the answer itself as a file (a PDF, say), same rules otherwise. */
  postBlob(path: string, body: unknown = {}): Promise<Blob | undefined> {
    return this.send(() => this.client().post(path.replace(/^\//, ''), { json: body }), (response) => response.blob());
  }

  private async send<T>(request: () => Promise<Response>, read: (response: Response) => Promise<T | undefined> = dataOf<T>): Promise<T | undefined> {
    let response: Response;
    try {
      response = await request();
    } catch (error) {
      if (isHTTPError<ErrorBody>(error)) return this.fail(error.response.status, error.data, error.response.statusText);
      return undefined; // network failure or timeout: no result
    }
    return read(response).catch(() => undefined);
  }

  /** ky has already read the failure's body into `data` (parsed when it is JSON). */
  private fail(status: number, data: ErrorBody | string | undefined, statusText: string): undefined {
    if (NO_RESULT.has(status)) return undefined;
    const body = typeof data === 'object' && data !== null ? data : {};
    throw new ApiError(status, body.message ?? statusText, body.code, body.field);
  }
}
