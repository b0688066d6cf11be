import { encodeBase64Json } from '@rumbo/shared/storage';
import { BASE_CSS } from './document';
import { paintStoredSession, storedFirstName } from './stored-session-paint';

/** The server's header as the shell's renderer writes it (layout/account-button.tsx, its server copy), in the page's base CSS. */
const HEADER =
  '<div id="shell-header"><header><a data-account="out" href="/login">Acceder</a>' +
  '<div data-account="in"><a href="/micuenta"><span data-account-name=""></span></a><button aria-label="Menú de mi cuenta"></button></div></header></div>';

const store = (value: unknown) => localStorage.setItem('auth_storage', typeof value === 'string' ? value : encodeBase64Json(value));
const shown = (selector: string) => getComputedStyle(document.querySelector(selector)!).display !== 'none';

describe("the signed-in header from the first paint, in the page every reader gets (the shell's first script)", () => {
  beforeEach(() => {
    document.head.innerHTML = `<style>${BASE_CSS}</style>`;
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('data-signed-in');
    localStorage.clear();
  });

  it("shows a valid stored session's button with the customer's first name, written in as the header arrives (before the frame that shows it)", async () => {
    store({ token: 't', customer: { name: 'MARÍA elena' }, expiresAt: Date.now() + 60_000 });
    // Run in the head, before the header is parsed.
    paintStoredSession(document);
    expect(document.documentElement).toHaveAttribute('data-signed-in');
    document.body.innerHTML = HEADER;
    // Mutation callbacks are microtasks: they run before the browser renders what the parser added.
    await Promise.resolve();
    expect(document.querySelector('[data-account-name]')).toHaveTextContent(/^María$/);
    expect(shown('[data-account="in"]')).toBe(true);
    expect(shown('[data-account="out"]')).toBe(false);
  });

  it('writes the name at once into a header already there', () => {
    store({ token: 't', customer: { name: 'rosa' }, expiresAt: Date.now() + 60_000 });
    document.body.innerHTML = HEADER;
    paintStoredSession(document);
    expect(document.querySelector('[data-account-name]')).toHaveTextContent(/^Rosa$/);
  });

  it("shows 'Acceder' without a valid session: none, expired, unreadable, or not a session", () => {
    for (const value of [undefined, { token: 't', customer: { name: 'Rosa' }, expiresAt: Date.now() - 1 }, 'no es base64 ni JSON', { customer: { name: 'Rosa' }, expiresAt: Date.now() + 60_000 }]) {
      localStorage.clear();
      if (value !== undefined) store(value);
      document.body.innerHTML = HEADER;
      paintStoredSession(document);
      expect({ value, signedIn: document.documentElement.hasAttribute('data-signed-in') }).toEqual({ value, signedIn: false });
      expect(shown('[data-account="out"]')).toBe(true);
      expect(shown('[data-account="in"]')).toBe(false);
      expect(document.querySelector('[data-account-name]')).toBeEmptyDOMElement();
    }
  });

  it("reads the first name as the session store does: a session without the customer yet has an empty one", () => {
    const now = Date.now();
    expect(storedFirstName({ getItem: () => encodeBase64Json({ token: 't', customer: null, expiresAt: now + 1 }) }, now)).toBe('');
    expect(storedFirstName({ getItem: () => encodeBase64Json({ token: 't', customer: { name: 'VALERIA' }, expiresAt: now + 1 }) }, now)).toBe('Valeria');
    expect(storedFirstName({ getItem: () => null }, now)).toBeUndefined();
    expect(
      storedFirstName(
        {
          getItem: () => {
            throw new Error('blocked');
          },
        },
        now,
      ),
    ).toBeUndefined();
  });
});
