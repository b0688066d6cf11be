import ky, { isHTTPError, type KyInstance, type RetryOptions } from 'ky';
import { getConfig } from './config';
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
            const token = readCookie(STORAGE_KEYS.tokenCookie) ?? this.deps.token();
            if (token) request.headers.set('Authorization', `Bearer ${token}`);
            request.headers.set('Accept-Language', this.deps.language());
          },
        ],
      },
    });
    return this.http;
  }

  /** `GET path` → the answer's `data`. */
  get<T>(path: string, searchParams?: Record<string, string>): Promise<T | undefined> {
    return this.send<T>(() => this.client().get(path.replace(/^\//, ''), { searchParams }));
  }

  /**
   * `POST path` with a JSON body → the answer's `data`. A POST is tried once unless `retry` says
   * otherwise (only for a call that is safe to repeat, such as a release).
   */
  post<T>(path: string, body: unknown = {}, { retry }: PostOptions = {}): Promise<T | undefined> {
    return this.send<T>(() => this.client().post(path.replace(/^\//, ''), { json: body, ...(retry ? { retry } : {}) }), dataOf<T>);
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
