import {
  AccountLookupSchema,
  DocumentCheckSchema,
  FacebookSignInSchema,
  GoogleSignInSchema,
  LinkTokenSchema,
  NewPasswordSchema,
  OtpRequestSchema,
  OtpValidateSchema,
  PasswordSignInSchema,
  ProfileSchema,
  ResetRequestSchema,
  SignUpSchema,
  SocialSignUpSchema,
} from '@rumbo/shared/schemas';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { InvalidInputError } from '../errors';
import { requestLanguage } from '../http/language';
import { perKeyLimit, type RateLimit } from '../http/rate-limit';
import { parseBody } from '../http/validate';
import { getPoints } from '../points/points.service';
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
} from './accounts.service';
import { checkResetLink, confirmCcEmail, confirmEmail, requestReset, setNewPassword } from './mailed-links';
import { getProfile, updateProfile } from './profile';
import { facebookVerifier, googleVerifier, type FacebookOptions, type GoogleOptions, type ProviderIdentity } from './providers';
import { noStore } from '../http/cache';
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
}

/** The bearer token of a request: the Authorization header, else the `token` cookie (spec §7). */
export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const bearer = header && /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  return bearer || request.cookies.token || undefined;
}

const hasFields = (body: unknown) => typeof body === 'object' && body !== null && Object.keys(body).length > 0;

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
    return { secret: sessionSecret, language: requestLanguage(request), now: now(), siteUrl };
  }

  /** Per-e-mail limiter: `check(request, email)` answers 429 past the limit. */
  const perEmail = (name: string, limit: RateLimit) => perKeyLimit(app, name, limit);

  // Sign-in guesses are limited per e-mail AND client together (issue 15): a stranger's wrong
  // passwords never lock the owner out; the backoff per account (accounts.service) slows guessers
  // spread over many addresses.
  const passwordPerEmail = perEmail('password', limits.signInPerEmail);
  const codeChecksPerEmail = perEmail('otp-validate', limits.signInPerEmail);
  const emailAndClient = (request: FastifyRequest, email: string) => `${email.toLowerCase()}|${request.ip}`;
  const codeMailsPerEmail = perEmail('otp-request', limits.mailsPerEmail);
  const resetMailsPerEmail = perEmail('reset', limits.mailsPerEmail);
  const signIn = { config: { rateLimit: limits.signIn } };
  const requests = { config: { rateLimit: limits.requests } };

  app.post('/rest/user/cuenta', requests, async (request, reply) => {
    const { correo } = parseBody(AccountLookupSchema, request.body);
    return noStore(reply).send({ data: await lookupAccount(db, correo) });
  });

  app.post('/rest/login/verificar', signIn, async (request, reply) => {
    const body = parseBody(PasswordSignInSchema, request.body);
    await passwordPerEmail(request, reply, emailAndClient(request, body.correo));
    return noStore(reply).send({ data: await signInWithPassword(db, body, context(request)) });
  });

  app.post('/rest/otp/request', requests, async (request, reply) => {
    const { email } = parseBody(OtpRequestSchema, request.body);
    await codeMailsPerEmail(request, reply, email);
    await requestOtp(db, email, context(request));
    return reply.code(202).send({ data: { enviado: true } });
  });

  app.post('/rest/otp/validate', signIn, async (request, reply) => {
    const body = parseBody(OtpValidateSchema, request.body);
    await codeChecksPerEmail(request, reply, emailAndClient(request, body.email));
    return noStore(reply).send({ data: await validateOtp(db, body, context(request)) });
  });

  async function providerSignIn(request: FastifyRequest, reply: FastifyReply, identity: ProviderIdentity | null) {
    if (!identity) throw new InvalidInputError('account.social.invalid');
    return noStore(reply).send({ data: await signInWithProvider(db, identity, context(request)) });
  }

  app.post('/rest/login/token', signIn, async (request, reply) => {
    const { credential } = parseBody(GoogleSignInSchema, request.body);
    if (!verifyGoogle) throw new InvalidInputError('account.social.unavailable');
    return providerSignIn(request, reply, await verifyGoogle(credential));
  });

  app.post('/rest/usuario/registrar/fb', signIn, async (request, reply) => {
    const { accessToken } = parseBody(FacebookSignInSchema, request.body);
    if (!verifyFacebook) throw new InvalidInputError('account.social.unavailable');
    return providerSignIn(request, reply, await verifyFacebook(accessToken));
  });

  app.post('/rest/login/registrar', signIn, async (request, reply) => {
    const body = parseBody(SocialSignUpSchema, request.body);
    return noStore(reply).code(201).send({ data: await completeSocialSignUp(db, body, context(request)) });
  });

  app.post('/rest/usuario/registrar', requests, async (request, reply) => {
    const body = parseBody(SignUpSchema, request.body);
    await signUp(db, body, context(request));
    return reply.code(202).send({ data: { enviado: true } });
  });

  app.post('/rest/usuario/confirmar', requests, async (request, reply) => {
    const { token } = parseBody(LinkTokenSchema, request.body);
    return noStore(reply).send({ data: await confirmEmail(db, token, now()) });
  });

  app.post('/rest/usuario/verificar', requests, async (request, reply) => {
    const { tipo_doc, num_doc } = parseBody(DocumentCheckSchema, request.body);
    return noStore(reply).send({ data: { disponible: await isDocumentFree(db, tipo_doc, num_doc, now()) } });
  });

  app.post('/rest/usuario/recuperar', requests, async (request, reply) => {
    const { correo } = parseBody(ResetRequestSchema, request.body);
    await resetMailsPerEmail(request, reply, correo);
    await requestReset(db, correo, context(request));
    return reply.code(202).send({ data: { enviado: true } });
  });

  app.post('/rest/usuario/validar', requests, async (request, reply) => {
    const { token } = parseBody(LinkTokenSchema, request.body);
    return noStore(reply).send({ data: await checkResetLink(db, token, now()) });
  });

  app.post('/rest/usuario/password', signIn, async (request, reply) => {
    const body = parseBody(NewPasswordSchema, request.body);
    return noStore(reply).send({ data: await setNewPassword(db, body, now()) });
  });

  // The spec's user-data call: a POST with only the token answers the customer; with a profile
  // in the body it saves it first.
  app.post('/rest/user/editar', async (request, reply) => {
    const customer = await customerOfToken(db, sessionToken(request), sessionSecret);
    if (!hasFields(request.body)) return noStore(reply).send({ data: customer });
    const profile = parseBody(ProfileSchema, request.body);
    return noStore(reply).send({ data: await updateProfile(db, customer.ccuenta, profile, context(request)) });
  });

  // Log out: this session ends on the server (the token stops working everywhere it was copied).
  app.post('/rest/user/logout', async (request, reply) => {
    const { jti } = await sessionOf(db, sessionToken(request), sessionSecret);
    await revokeSession(db, jti, now());
    return noStore(reply).code(204).send();
  });

  // "Log out of every device": every session of the customer ends, this one too.
  app.post('/rest/user/logout/todas', async (request, reply) => {
    const { customer } = await sessionOf(db, sessionToken(request), sessionSecret);
    await revokeAllSessions(db, customer.ccuenta, now());
    return noStore(reply).code(204).send();
  });

  // The link mailed to a new CC address proves it (no session needed: the link is the proof).
  app.post('/rest/user/cc/confirmar', requests, async (request, reply) => {
    const { token } = parseBody(LinkTokenSchema, request.body);
    return noStore(reply).send({ data: await confirmCcEmail(db, token, now()) });
  });

  app.get('/rest/user/perfil', async (request, reply) => {
    const customer = await customerOfToken(db, sessionToken(request), sessionSecret);
    return noStore(reply).send({ data: await getProfile(db, customer) });
  });

  app.get('/rest/user/puntos', async (request, reply) => {
    const customer = await customerOfToken(db, sessionToken(request), sessionSecret);
    return noStore(reply).send({ data: await getPoints(db, customer.ccuenta, now()) });
  });
};
