import { expect, test as base, type Browser, type BrowserContext, type BrowserContextOptions, type ConsoleMessage } from '@playwright/test';

/**
 * The `test` of every journey (`import { expect, test } from '../support/test'`; lint forbids
 * `@playwright/test` in specs): a journey fails when any page of its browser context logs a console
 * error, throws an uncaught exception or violates the site's Content Security Policy.
 *
 * A journey that provokes an error on purpose (a remote that cannot load, a server answering 500)
 * says so first with `consoleErrors.allow(/what it expects/)`: only those messages are let through.
 */
export interface ConsoleErrors {
  /** Lets messages matching `pattern` through (anywhere in this test). */
  allow(pattern: RegExp): void;
  /** What was seen so far, and not allowed. */
  readonly seen: readonly string[];
}

/** Reports CSP violations on the console, where the check below sees them whatever the browser logs. */
function reportCspViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} on ${location.pathname}`);
  });
}

/** A response the journey provokes on purpose (`status` from a URL matching `url`), as Chromium logs it. */
export function failedResponse(status: number, url: string | RegExp): RegExp {
  const where = typeof url === 'string' ? url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : url.source;
  return new RegExp(`status of ${status} .*\\(https?://[^)]*${where}`);
}

/** A request the journey makes fail on purpose (an address that does not answer, a blocked host). */
export function failedRequest(url: string | RegExp): RegExp {
  const where = typeof url === 'string' ? url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : url.source;
  return new RegExp(`Failed to load resource: net::ERR_[A-Z_]+ \\(https?://[^)]*${where}`);
}

/**
 * What no journey controls: Google's and Facebook's sign-in scripts come from hosts this machine
 * cannot reach (playwright.config.ts maps them to nowhere; specs/social.spec.ts serves stand-ins).
 */
const ALWAYS_ALLOWED = [failedRequest(/accounts\.google\.com\/gsi\/client/), failedRequest(/connect\.facebook\.net\/.*\/sdk\.js/)];

/** A map tile (1×1 PNG) for every tile request: the agencies map has no internet here either. */
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const describe = (message: ConsoleMessage) => {
  const { url, lineNumber } = message.location();
  return `console.${message.type()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`;
};

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ context }, use) => {
      const allowed: RegExp[] = [...ALWAYS_ALLOWED];
      await context.route(/^https:\/\/tile\.openstreetmap\.org\//, (route) =>
        route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
      );
      const all: string[] = [];
      const record = (text: string) => void all.push(text);
      const unexpected = () => all.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      await context.addInitScript(reportCspViolations);
      context.on('console', (message) => {
        if (message.type() === 'error') record(describe(message));
      });
      context.on('weberror', (error) => record(`uncaught: ${error.error().stack ?? error.error().message}`));
      await use({
        allow: (pattern) => void allowed.push(pattern),
        get seen() {
          return unexpected();
        },
      });
      const seen = unexpected();
      expect(seen, `console errors, uncaught exceptions or CSP violations:\n${seen.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * A second browser a journey opens itself (another customer at another computer): its console
 * errors, uncaught exceptions and CSP violations fail the journey as the first browser's do.
 * Returns the context; `closeWatched` closes it and checks what it saw.
 */
export async function watchedContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  const seen: string[] = [];
  await context.addInitScript(reportCspViolations);
  context.on('console', (message) => {
    if (message.type() === 'error') seen.push(describe(message));
  });
  context.on('weberror', (error) => seen.push(`uncaught: ${error.error().stack ?? error.error().message}`));
  watched.set(context, seen);
  return context;
}

const watched = new WeakMap<BrowserContext, string[]>();

export async function closeWatched(context: BrowserContext): Promise<void> {
  await context.close();
  const seen = (watched.get(context) ?? []).filter((text) => !ALWAYS_ALLOWED.some((pattern) => pattern.test(text)));
  expect(seen, `console errors, uncaught exceptions or CSP violations in the second browser:\n${seen.join('\n')}`).toEqual([]);
}

// Everything else of Playwright's test API, as is (this module's `test` shadows Playwright's).
export * from '@playwright/test';
