import type { Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { SITE } from './site';

/** The demo customer the API seeds (api/src/accounts/accounts.seed.ts). */
export const DEMO_CUSTOMER_ID = '1';

/** A session token the API accepts, as the sign-in endpoints issue them. */
export async function sessionToken(
  subject = DEMO_CUSTOMER_ID,
  expiresInSeconds = 3600,
  secret = SITE.sessionSecret,
): Promise<string> {
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
