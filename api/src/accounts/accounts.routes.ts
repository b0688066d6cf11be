import { createHmac } from 'node:crypto';
import { endpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { InvalidInputError, UnauthorizedError } from '../errors';
import { requestLanguage } from '../http/language';
import { perKeyLimit, type MailGate, type RateLimit } from '../http/rate-limit';
import { route } from '../http/endpoint';
import {
  completeSocialSignUp,
  customerOfToken,
  isDocumentFree,
  lookupAccount,
  requestOtp,
  sessionOf,
  signInWithPassword,
  signInWithProvider,
  signUp,
  validateOtp,
  type AccountContext,
  type Session,
} from './accounts.service';
import { checkResetLink, confirmCcEmail, confirmEmail, requestReset, setNewPassword } from './mailed-links';
import { getProfile, updateProfile } from './profile';
import { facebookVerifier, googleVerifier, type FacebookOptions, type GoogleOptions, type ProviderIdentity } from './providers';
import { revokeAllSessions, revokeSession } from './sessions';

/**
 * Limits of the account endpoints. Per address (IP): every call, before its body is read. Per
 * e-mail: after the body is read, so spreading a guessing attack over many IPs does not help.
 */
export interface AccountRateLimits {
  /** Per IP: password, code and provider sign-ins. */
  signIn: RateLimit;
  /** Per IP: code requests, reset requests, sign-ups, look-ups. */
  requests: RateLimit;
  /** Per e-mail and client (address) together: password sign-ins and code checks. */
  signInPerEmail: RateLimit;
  /** Per e-mail: code and reset-link requests (each sends a mail). */
  mailsPerEmail: RateLimit;
}

const MINUTES = 60_000;

export const ACCOUNT_RATE_LIMITS: AccountRateLimits = {
  signIn: { max: 30, timeWindow: 10 * MINUTES },
  requests: { max: 20, timeWindow: 10 * MINUTES },
  signInPerEmail: { max: 10, timeWindow: 10 * MINUTES },
  mailsPerEmail: { max: 3, timeWindow: 10 * MINUTES },
};

export interface AccountsRoutesOptions {
  db: Database;
  sessionSecret: string;
  now: () => Date;
  /** The site's origin for links in mails; unset: the caller's Origin when it is an allowed one. */
  siteUrl?: string;
  corsOrigins: (string | RegExp)[];
  google?: GoogleOptions;
  facebook?: FacebookOptions;
  rateLimits?: AccountRateLimits;
  /** The recipient cap of mails to unproven addresses (UNPROVEN_MAIL_LIMIT); unset: no cap. */
  unprovenMail?: (request: FastifyRequest) => MailGate;
}

/** The bearer token of a request: the Authorization header, else the `token` cookie (spec §7). */
export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const bearer = header && /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  return bearer || request.cookies.token || undefined;
}

/**
 * The signed-in customer of a request whose endpoint takes guests too, when a valid session comes
 * along; undefined otherwise: a stale or bad token binds nothing and blocks nothing (a sale, a
 * notification subscription).
 */
export async function optionalCustomer(db: Database, request: FastifyRequest, secret: string): Promise<number | undefined> {
  const token = sessionToken(request);
  if (!token) return undefined;
  try {
    return (await customerOfToken(db, token, secret)).ccuenta;
  } catch (error) {
    if (error instanceof UnauthorizedError) return undefined;
    throw error;
  }
}

/** The session of a request's token, or UnauthorizedError: for the routes of endpoints that need one. */
export const sessionResolver =
  (db: Database, secret: string) =>
  (request: FastifyRequest): Promise<Session> =>
    sessionOf(db, sessionToken(request), secret);

export const accountsRoutes: FastifyPluginAsync<AccountsRoutesOptions> = async (app, options) => {
  const { db, sessionSecret, now } = options;
  const limits = options.rateLimits ?? ACCOUNT_RATE_LIMITS;
  const verifyGoogle = options.google && googleVerifier(options.google);
  const verifyFacebook = options.facebook && facebookVerifier(options.facebook, now);

  const allowedOrigin = (origin: string | undefined) =>
    origin !== undefined && options.corsOrigins.some((allowed) => (typeof allowed === 'string' ? allowed === origin : allowed.test(origin)));

  function context(request: FastifyRequest): AccountContext {
    const origin = request.headers.origin;
    // Links are only ever built from configuration or an allowed origin, never from a Host header.
    const siteUrl = options.siteUrl ?? (allowedOrigin(origin) ? origin : undefined);
    return { secret: sessionSecret, language: requestLanguage(request), now: now(), siteUrl, mayMailUnproven: options.unprovenMail?.(request) };
  }

  /** Per-e-mail limiter: `check(request, email)` answers 429 past the limit. */
  const perEmail = (name: string, limit: RateLimit) => perKeyLimit(app, name, limit);

  // Sign-in guesses are limited per e-mail AND client together (issue 15): a stranger's wrong
  // passwords never lock the owner out; the backoff per account (accounts.service) slows guessers
  // spread over many addresses.
  const passwordPerEmail = perEmail('password', limits.signInPerEmail);
  const codeChecksPerEmail = perEmail('otp-validate', limits.signInPerEmail);
  const emailAndClient = (request: FastifyRequest, email: string) => `${email.toLowerCase()}|${request.ip}`;
  // The client whose wrong passwords the backoff remembers: keyed, so the table holds no addresses.
  const signInClient = (request: FastifyRequest) => createHmac('sha256', sessionSecret).update(`signin-client:${request.ip}`).digest('hex');
  const codeMailsPerEmail = perEmail('otp-request', limits.mailsPerEmail);
  const resetMailsPerEmail = perEmail('reset', limits.mailsPerEmail);
  const signIn = { rateLimit: limits.signIn };
  const requests = { rateLimit: limits.requests };
  const sessions = { sessions: sessionResolver(db, sessionSecret) };

  route(app, endpoints.accountLookup, async ({ input: { correo } }) => lookupAccount(db, correo), requests);

  route(app, endpoints.passwordSignIn, async ({ input: body, request, reply }) => {
    await passwordPerEmail(request, reply, emailAndClient(request, body.correo));
    return signInWithPassword(db, body, context(request), signInClient(request));
  }, signIn);

  route(app, endpoints.otpRequest, async ({ input: { email }, request, reply }) => {
    await codeMailsPerEmail(request, reply, email);
    await requestOtp(db, email, context(request));
    return { enviado: true } as const;
  }, requests);

  route(app, endpoints.otpValidate, async ({ input: body, request, reply }) => {
    await codeChecksPerEmail(request, reply, emailAndClient(request, body.email));
    return validateOtp(db, body, context(request));
  }, signIn);

  async function providerSignIn(request: FastifyRequest, identity: ProviderIdentity | null) {
    if (!identity) throw new InvalidInputError('account.social.invalid');
    return signInWithProvider(db, identity, context(request));
  }

  route(app, endpoints.googleSignIn, async ({ input: { credential }, request }) => {
    if (!verifyGoogle) throw new InvalidInputError('account.social.unavailable');
    return providerSignIn(request, await verifyGoogle(credential));
  }, signIn);

  route(app, endpoints.facebookSignIn, async ({ input: { accessToken }, request }) => {
    if (!verifyFacebook) throw new InvalidInputError('account.social.unavailable');
    return providerSignIn(request, await verifyFacebook(accessToken));
  }, signIn);

  route(app, endpoints.socialSignUp, async ({ input: body, request }) => completeSocialSignUp(db, body, context(request)), signIn);

  route(app, endpoints.signUp, async ({ input: body, request }) => {
    await signUp(db, body, context(request));
    return { enviado: true } as const;
  }, requests);

  route(app, endpoints.confirmEmail, async ({ input: { token } }) => confirmEmail(db, token, now()), requests);

  route(app, endpoints.documentCheck, async ({ input: { tipo_doc, num_doc } }) => ({ disponible: await isDocumentFree(db, tipo_doc, num_doc, now()) }), requests);

  route(app, endpoints.resetRequest, async ({ input: { correo }, request, reply }) => {
    await resetMailsPerEmail(request, reply, correo);
    await requestReset(db, correo, context(request));
    return { enviado: true } as const;
  }, requests);

  route(app, endpoints.resetCheck, async ({ input: { token } }) => checkResetLink(db, token, now()), requests);

  route(app, endpoints.newPassword, async ({ input: body }) => setNewPassword(db, body, now()), signIn);

  // The spec's user-data call: a POST with only the token answers the customer; with a profile
  // in the body it saves it first.
  route(app, endpoints.userData, async ({ input: profile, session, request }) =>
    profile ? updateProfile(db, session.customer.ccuenta, profile, context(request)) : session.customer,
  sessions);

  // Log out: this session ends on the server (the token stops working everywhere it was copied).
  route(app, endpoints.logout, async ({ session }) => {
    await revokeSession(db, session.jti, now());
    return undefined;
  }, sessions);

  // "Log out of every device": every session of the customer ends, this one too.
  route(app, endpoints.logoutEverywhere, async ({ session }) => {
    await revokeAllSessions(db, session.customer.ccuenta, now());
    return undefined;
  }, sessions);

  // The link mailed to a new CC address proves it (no session needed: the link is the proof).
  route(app, endpoints.confirmCcEmail, async ({ input: { token } }) => confirmCcEmail(db, token, now()), requests);

  route(app, endpoints.profile, async ({ session }) => getProfile(db, session.customer), sessions);

};
