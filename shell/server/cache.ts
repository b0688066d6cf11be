/**
 * What the site server keeps: anonymous renders (an area, the shell's header and footer) and whole
 * anonymous pages compressed per encoding, each for `CACHE_SECONDS`, by everything they were made
 * from. A signed-in reader's render is never kept.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** How long an anonymous render is reused, here and by a CDN (`s-maxage`). */
export const CACHE_SECONDS = 60;
/** How many renders (and pages) are kept. */
export const CACHE_ENTRIES = 500;

/** A small LRU with an expiry per entry. */
export class RenderCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();

  constructor(private readonly max = CACHE_ENTRIES) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires < Date.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T): void {
    this.entries.set(key, { value, expires: Date.now() + CACHE_SECONDS * 1000 });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** The encodings a page is sent in: brotli, gzip, or as is. */
export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A whole page kept for every reader: its text as is, and each encoding compressed the first time
 * a reader asks for the page in it (once: readers meanwhile wait for that one), off the event loop,
 * so a later hit compresses nothing. Not when it is kept: the reader it was rendered for had it
 * compressed as it streamed, and a page asked once (a search with a query of its own) would cost a
 * compression nobody reads (brotli at quality 9 is about 20 ms of a core for step 1's 190 kB page).
 * Brotli at 9: under load its best (11) took near a second of a core for a 100 kB page, 9 a
 * twentieth of that for a few per cent more bytes. Its text holds no per-response value: the
 * shell's first script runs by its hash, and the renders in it were made without a nonce.
 */
export class StoredPage {
  private readonly bodies = new Map<Encoding, Promise<Buffer>>();

  constructor(
    readonly status: number,
    text: string,
  ) {
    this.bodies.set('identity', Promise.resolve(Buffer.from(text, 'utf8')));
  }

  /** The page's bytes in `encoding`. */
  async body(encoding: Encoding): Promise<Buffer> {
    let body = this.bodies.get(encoding);
    if (!body) {
      const identity = await this.bodies.get('identity')!;
      body =
        encoding === 'br'
          ? brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } })
          : gzip(identity, { level: 9 });
      this.bodies.set(encoding, body);
    }
    return body;
  }
}
