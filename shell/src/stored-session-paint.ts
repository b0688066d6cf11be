/**
 * The signed-in header from the first paint, in the page the server sends every reader alike.
 * Part of the shell's first script (inline in the head, before the header is parsed): when this
 * browser keeps a valid session (`auth_storage`, read as the session store reads it), `<html>` is
 * marked `PAINT.signedIn`, so the header's signed-in account button shows instead of 'Acceder'
 * (document.ts `BASE_CSS`; both are in the server's header, the same size as the live header's),
 * and the customer's first name is written into it as soon as the parser has put it in the page,
 * before the frame that shows it. The live header (shell.tsx) then draws the same button.
 */
import { PAINT } from '@rumbo/shared/paint';
import { firstNameOf } from '@rumbo/shared/names';
import { STORAGE_KEYS, decodeBase64Json } from '@rumbo/shared/storage';

/** The first name of the session this browser keeps, '' when it keeps one without the customer yet; undefined: none valid (absent, expired, unreadable). */
export function storedFirstName(storage: Pick<Storage, 'getItem'>, now = Date.now()): string | undefined {
  let stored: { token?: unknown; expiresAt?: unknown; customer?: { name?: unknown } | null } | undefined;
  try {
    stored = decodeBase64Json(storage.getItem(STORAGE_KEYS.auth));
  } catch {
    // Storage this page may not read (blocked): signed out, as the session store finds it.
    return undefined;
  }
  if (!stored || typeof stored.token !== 'string' || !(Number(stored.expiresAt) > now)) return undefined;
  const name = stored.customer && typeof stored.customer === 'object' ? stored.customer.name : undefined;
  return firstNameOf(name == null ? '' : String(name));
}

/** Shows the stored session in the server's header (see above); nothing for a reader without one. */
export function paintStoredSession(root: Document = document, now = Date.now()): void {
  let name: string | undefined;
  try {
    name = storedFirstName(root.defaultView!.localStorage, now);
  } catch {
    return;
  }
  if (name === undefined) return;
  root.documentElement.setAttribute(PAINT.signedIn, '');
  const fill = () => {
    const place = root.querySelector(`#${PAINT.header} [${PAINT.accountName}]`);
    if (place) place.textContent = name;
    return Boolean(place);
  };
  if (fill()) return;
  // Mutation callbacks run before the browser renders the parsed nodes: the name is there from its first frame.
  const observer = new MutationObserver(() => fill() && observer.disconnect());
  observer.observe(root.documentElement, { childList: true, subtree: true });
  root.addEventListener('DOMContentLoaded', () => (fill(), observer.disconnect()), { once: true });
}
