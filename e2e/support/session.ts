import type { Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { SITE } from './site';

/** The demo customer the API seeds (api/src/accounts/accounts.seed.ts). */
export const DEMO_CUSTOMER_ID = '1';

/** The demo customer's published sign-in (api/src/accounts/accounts.seed.ts). */
const DEMO = { correo: 'demo@rumboandino.pe', clave: 'RumboDemo2026' };

/**
 * A session token. A valid one for the demo customer comes from a real sign-in: sessions are
 * recorded on the server (issue 15), so a token minted here with the right secret opens nothing.
 * An expired one, or one signed with another secret, is minted here (the API refuses both).
 */
export async function sessionToken(
  subject = DEMO_CUSTOMER_ID,
  expiresInSeconds = 3600,
  secret = SITE.sessionSecret,
): Promise<string> {
  if (subject === DEMO_CUSTOMER_ID && expiresInSeconds > 0 && secret === SITE.sessionSecret) return openDemoSession();
  return mintedToken(subject, expiresInSeconds, secret);
}

/** The demo customer's last session from `signIn`, while the API still takes it. */
let demoSession: string | undefined;

/**
 * A demo session still open, else a new one. The API allows 10 password sign-ins per e-mail and
 * client in 10 minutes (accounts.routes.ts), and every journey comes from one client: journeys that
 * only need the customer signed in share a session until one of them ends it (a log-out).
 */
async function openDemoSession(): Promise<string> {
  if (demoSession && (await sessionIsOpen(demoSession))) return demoSession;
  demoSession = await signIn();
  return demoSession;
}

/** Signs the demo customer in through the API; its session token. */
export async function signIn(): Promise<string> {
  const response = await fetch(`${SITE.apiUrl}/rest/login/verificar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!response.ok || !body.data?.token) throw new Error(`the demo customer could not sign in: HTTP ${response.status}`);
  return body.data.token;
}

/** Whether the API still takes `token` as a session (`POST /rest/user/editar`). */
export async function sessionIsOpen(token: string): Promise<boolean> {
  const response = await fetch(`${SITE.apiUrl}/rest/user/editar`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  return response.status === 200;
}

/** A token signed here, with no session on the server behind it. */
export async function mintedToken(subject: string, expiresInSeconds: number, secret: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(new TextEncoder().encode(secret));
}

/** Puts a stored session (spec §3: base64 JSON under `auth_storage`) in the browser before any page runs. */
export async function storeSession(
  page: Page,
  session: { token: string; customer: Record<string, string> | null; expiresAt: number },
): Promise<void> {
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-session-stored')) return;
    sessionStorage.setItem('e2e-session-stored', '1');
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    localStorage.setItem('auth_storage', btoa(String.fromCharCode(...bytes)));
  }, session);
}
