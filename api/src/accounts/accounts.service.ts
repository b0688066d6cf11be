import { clock } from '@rumbo/shared/clock';
import type {
  AccountLookup,
  Language,
  SignedIn,
  SignInMethod,
  SignUp,
  SocialSignInResult,
  SocialSignUp,
} from '@rumbo/shared/schemas';
import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { InvalidInputError, UnauthorizedError } from '../errors';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { alreadyRegisteredMail, confirmMail, noAccountMail, otpMail, pendingSignUpMail } from './account-mail';
import { findCustomer, type CustomerData } from './accounts.queries';
import { claveFalloCliente, cuenta, cuentaEnlace, otpCodigo } from './accounts.tables';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords';
import { TooManyRequests, type MailGate } from '../http/rate-limit';
import type { ProviderIdentity } from './providers';
import { linkTokenHash, newLinkToken, newOtpCode, otpHash, sameHash, signUpDigest } from './secrets';
import { openSession, sessionOfToken } from './sessions';
import { signPendingSignUp, verifyPendingSignUp } from './tokens';

/** Session length: the spec's default (§9), carried in the token's `exp`. */
export const SESSION_SECONDS = 2 * 60 * 60;
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_TRIES = 5;
export const CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
/** Time to complete the identity after a first social sign-in. */
export const PENDING_SIGN_UP_SECONDS = 30 * 60;

/** What the account flows need besides the database. */
export interface AccountContext {
  secret: string;
  language: Language;
  now: Date;
  /** Origin of the site, for links in mails (`https://www.example.pe`); unknown for some callers. */
  siteUrl?: string;
  /** The recipient cap of mails to addresses nobody has proven (UNPROVEN_MAIL_LIMIT); unset: no cap. */
  mayMailUnproven?: MailGate;
}

/** Queues `mail` unless its recipient, an address nobody has proven, has had its share (issue 32 item 8). */
export async function enqueueUnprovenMail(db: Database, mail: OutgoingMail, context: Pick<AccountContext, 'mayMailUnproven'>): Promise<void> {
  if (context.mayMailUnproven && !(await context.mayMailUnproven(mail.to))) return;
  await enqueueMail(db, mail);
}

/** The customer of a session token and the session's id; UnauthorizedError when the session is not open. */
/** A signed-in customer's session: what the routes of `session: 'required'` endpoints get. */
export interface Session {
  customer: CustomerData;
  jti: string;
}

export async function sessionOf(db: Database, token: string | undefined, secret: string): Promise<Session> {
  const session = token ? await sessionOfToken(db, token, secret) : null;
  const customer = session === null ? undefined : await findCustomer(db, session.ccuenta);
  if (!customer || !session) throw new UnauthorizedError();
  return { customer, jti: session.jti };
}

/** The customer a session token belongs to; UnauthorizedError when there is no such customer or the session ended. */
export async function customerOfToken(db: Database, token: string | undefined, secret: string): Promise<CustomerData> {
  return (await sessionOf(db, token, secret)).customer;
}

type Account = typeof cuenta.$inferSelect;

export async function accountByEmail(db: Database, correo: string): Promise<Account | undefined> {
  const [row] = await db.select().from(cuenta).where(eq(cuenta.correo, correo.toLowerCase()));
  return row;
}

async function signedIn(db: Database, ccuenta: number, context: AccountContext): Promise<SignedIn> {
  // The mails of an account follow the language it last signed in with.
  await db.update(cuenta).set({ idioma: context.language }).where(eq(cuenta.ccuenta, ccuenta));
  const cliente = await findCustomer(db, ccuenta);
  if (!cliente) throw new UnauthorizedError();
  return { token: await openSession(db, ccuenta, SESSION_SECONDS, context.secret, context.now), cliente };
}

/** A link to the site for a mail; a request whose site is unknown cannot send one. */
export const link = (context: AccountContext, path: string, params: Record<string, string> = {}) => {
  if (!context.siteUrl) throw new InvalidInputError('request.invalid');
  const url = new URL(path, context.siteUrl);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
};

/**
 * The address was just proven through a channel other than the sign-up's own link (a code, a
 * provider, a reset link): an earlier unproven claim on it ends. A password set before the proof
 * is dropped (it may be a squatter's) and the pending confirmation links stop working.
 */
async function endUnprovenClaim(db: Database, account: Pick<Account, 'ccuenta' | 'correo_confirmado_en'>, now: Date): Promise<void> {
  if (account.correo_confirmado_en) return;
  await db.update(cuenta).set({ correo_confirmado_en: now, clave_hash: null, actualizado_en: now }).where(eq(cuenta.ccuenta, account.ccuenta));
  await db
    .update(cuentaEnlace)
    .set({ usado_en: now })
    .where(and(eq(cuentaEnlace.ccuenta, account.ccuenta), eq(cuentaEnlace.tipo, 'confirmar'), isNull(cuentaEnlace.usado_en)));
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** `/rest/user/cuenta`: the one answer that tells whether an e-mail has an account (DECISIONS.md). */
export async function lookupAccount(db: Database, correo: string): Promise<AccountLookup> {
  const account = await accountByEmail(db, correo);
  if (!account) return { existe: false, metodos: [] };
  const metodos: SignInMethod[] = [];
  if (account.clave_hash) metodos.push('clave');
  metodos.push('codigo');
  if (account.google_sub) metodos.push('google');
  if (account.facebook_id) metodos.push('facebook');
  return { existe: true, metodos };
}

/**
 * Backoff of password sign-ins (issue 15): from the 5th wrong password since the last sign-in, from
 * whatever addresses, a try waits 2^(failures - 5) seconds after the last failure, at most a
 * minute. Issue 32 item 6: it holds back only the clients that have given this account a wrong
 * password since its last sign-in (`clave_fallo_cliente`); a client that has not failed is heard,
 * so a drip of wrong passwords from changing addresses (which kept the owner refused for 84 s
 * running) never refuses the owner's right password. Each address of a guesser gets one try, then
 * waits with the others; the per-address and per-e-mail-and-address limits bound the rest.
 */
export const PASSWORD_BACKOFF_FROM = 5;
export const PASSWORD_BACKOFF_MAX_MS = 60_000;
function backoffUntil(account: Pick<Account, 'clave_fallos' | 'clave_fallo_en'>): number {
  if (account.clave_fallos < PASSWORD_BACKOFF_FROM || !account.clave_fallo_en) return 0;
  const wait = Math.min(2 ** (account.clave_fallos - PASSWORD_BACKOFF_FROM) * 1000, PASSWORD_BACKOFF_MAX_MS);
  return account.clave_fallo_en.getTime() + wait;
}

/** Whether `client` gave the account a wrong password since its last password sign-in. */
async function hasFailed(db: Database, ccuenta: number, client: string): Promise<boolean> {
  const [row] = await db
    .select({ ccuenta: claveFalloCliente.ccuenta })
    .from(claveFalloCliente)
    .where(and(eq(claveFalloCliente.ccuenta, ccuenta), eq(claveFalloCliente.cliente_hash, client)));
  return row !== undefined;
}

/** E-mail and password. Wrong e-mail and wrong password read alike, and take alike long. */
export async function signInWithPassword(db: Database, body: { correo: string; clave: string }, context: AccountContext, client = ''): Promise<SignedIn> {
  const account = await accountByEmail(db, body.correo);
  if (account && backoffUntil(account) > context.now.getTime() && (await hasFailed(db, account.ccuenta, client))) throw new TooManyRequests('password backoff');
  const matches = await verifyPassword(body.clave, account?.clave_hash ?? (await decoyHash()));
  if (!account?.clave_hash || !matches) {
    if (account) {
      await db.transaction(async (tx) => {
        await tx
          .update(cuenta)
          .set({ clave_fallos: sql`${cuenta.clave_fallos} + 1`, clave_fallo_en: context.now })
          .where(eq(cuenta.ccuenta, account.ccuenta));
        await tx
          .insert(claveFalloCliente)
          .values({ ccuenta: account.ccuenta, cliente_hash: client, fallo_en: context.now })
          .onConflictDoUpdate({ target: [claveFalloCliente.ccuenta, claveFalloCliente.cliente_hash], set: { fallo_en: context.now } });
      });
    }
    throw new InvalidInputError('account.login.invalid', 'clave');
  }
  // The right password: the failures are forgiven, and an older, cheaper hash is raised to today's cost.
  const rehash = needsRehash(account.clave_hash) ? await hashPassword(body.clave) : undefined;
  if (account.clave_fallos > 0 || rehash) {
    await db
      .update(cuenta)
      .set({ clave_fallos: 0, clave_fallo_en: null, ...(rehash ? { clave_hash: rehash } : {}) })
      .where(and(eq(cuenta.ccuenta, account.ccuenta), eq(cuenta.clave_hash, account.clave_hash)));
    await db.delete(claveFalloCliente).where(eq(claveFalloCliente.ccuenta, account.ccuenta));
  }
  if (!account.correo_confirmado_en) {
    // Only the owner of the password learns this; a fresh link goes to the address.
    await db.transaction(async (tx) => {
      const token = await newLink(tx, account.ccuenta, 'confirmar', CONFIRM_TTL_MS, context.now, signUpDigest(account.ccuenta, account.clave_hash));
      await enqueueUnprovenMail(tx, confirmMail(account.correo, account.nombres, link(context, '/cuenta/registro', { confirmar: token }), context.language), context);
    });
    throw new InvalidInputError('account.login.unconfirmed', 'correo');
  }
  return signedIn(db, account.ccuenta, context);
}

/** `/rest/otp/request`: a new code by e-mail (replacing any earlier one); the answer is the same for any address. */
export async function requestOtp(db: Database, email: string, context: AccountContext): Promise<void> {
  const account = await accountByEmail(db, email);
  await db.transaction(async (tx) => {
    if (!account) {
      await enqueueUnprovenMail(tx, noAccountMail(email, link(context, '/cuenta/registro'), context.language), context);
      return;
    }
    const code = newOtpCode();
    const values = {
      ccuenta: account.ccuenta,
      hash: otpHash(code, account.ccuenta, context.secret),
      intentos: 0,
      expira_en: new Date(context.now.getTime() + OTP_TTL_MS),
      creado_en: context.now,
    };
    await tx.insert(otpCodigo).values(values).onConflictDoUpdate({ target: otpCodigo.ccuenta, set: values });
    const mail = otpMail(account.correo, account.nombres, code, context.language);
    // A code to an address whose sign-up is not confirmed yet is a mail to an unproven address too.
    await (account.correo_confirmado_en ? enqueueMail(tx, mail) : enqueueUnprovenMail(tx, mail, context));
  });
}

/**
 * `/rest/otp/validate`: the right code within 10 minutes and 5 tries signs in (and proves the
 * address). Every failure reads alike (no code, expired, used up, wrong), so the answer tells
 * nothing about the address; a wrong try is counted even though the request fails.
 */
export async function validateOtp(db: Database, body: { email: string; key: string }, context: AccountContext): Promise<SignedIn> {
  const account = await accountByEmail(db, body.email);
  const ok =
    account !== undefined &&
    (await db.transaction(async (tx) => {
      const otp = await locks.oneTimeCode(tx, otpCodigo, eq(otpCodigo.ccuenta, account.ccuenta));
      if (!otp || otp.expira_en <= context.now || otp.intentos >= OTP_MAX_TRIES) return false;
      if (!sameHash(otp.hash, otpHash(body.key, account.ccuenta, context.secret))) {
        await tx.update(otpCodigo).set({ intentos: otp.intentos + 1 }).where(eq(otpCodigo.id, otp.id));
        return false;
      }
      await tx.delete(otpCodigo).where(eq(otpCodigo.id, otp.id));
      await endUnprovenClaim(tx, account, context.now);
      return true;
    }));
  if (!ok) throw new InvalidInputError('account.otp.invalid', 'key');
  return signedIn(db, account.ccuenta, context);
}

/**
 * A Google or Facebook identity: the account linked to it, else the account of its verified
 * e-mail (now linked), else a pending sign-up the browser completes with `/rest/login/registrar`.
 */
export async function signInWithProvider(db: Database, identity: ProviderIdentity, context: AccountContext): Promise<SocialSignInResult> {
  if (!identity.email) throw new InvalidInputError('account.social.noEmail');
  const column = identity.provider === 'google' ? cuenta.google_sub : cuenta.facebook_id;
  const [linked] = await db.select().from(cuenta).where(eq(column, identity.subject));
  const account = linked ?? (await accountByEmail(db, identity.email));
  if (account) {
    const link = identity.provider === 'google' ? { google_sub: identity.subject } : { facebook_id: identity.subject };
    // Issue 32 item 11: the first identity linked is the account's; another one with the same
    // e-mail (a reissued or taken-over provider account) is a different person until the
    // customer, signed in another way, says otherwise. It never replaces the first.
    const bound = identity.provider === 'google' ? account.google_sub : account.facebook_id;
    if (!linked && bound && bound !== identity.subject) throw new InvalidInputError('account.social.otherIdentity');
    await db.transaction(async (tx) => {
      if (!linked) {
        const [set] = await tx
          .update(cuenta)
          .set(link)
          .where(and(eq(cuenta.ccuenta, account.ccuenta), identity.provider === 'google' ? isNull(cuenta.google_sub) : isNull(cuenta.facebook_id)))
          .returning({ ccuenta: cuenta.ccuenta });
        // Another identity was linked a moment earlier.
        if (!set) throw new InvalidInputError('account.social.otherIdentity');
      }
      await endUnprovenClaim(tx, account, context.now);
    });
    return signedIn(db, account.ccuenta, context);
  }
  const registro = await signPendingSignUp(
    { provider: identity.provider, subject: identity.subject, email: identity.email, givenName: identity.givenName, familyName: identity.familyName },
    PENDING_SIGN_UP_SECONDS,
    context.secret,
  );
  return { registro, perfil: { correo: identity.email, nombres: identity.givenName, paterno: identity.familyName } };
}

/** `/rest/login/registrar`: the first social sign-in's missing identity, once; signs in. */
export async function completeSocialSignUp(db: Database, body: SocialSignUp, context: AccountContext): Promise<SignedIn> {
  const pending = await verifyPendingSignUp(body.registro, context.secret);
  if (!pending) throw new InvalidInputError('account.registro.invalid', 'registro');
  const { registro: _registro, ...identity } = body;
  try {
    const [created] = await db
      .insert(cuenta)
      .values({
        ...identity,
        correo: pending.email,
        correo_confirmado_en: context.now,
        idioma: context.language,
        ...(pending.provider === 'google' ? { google_sub: pending.subject } : { facebook_id: pending.subject }),
      })
      .returning({ ccuenta: cuenta.ccuenta });
    return signedIn(db, created!.ccuenta, context);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw await duplicateOf(db, identity, pending.email);
  }
}

/** Which unique field a failed insert collided on: the document, else the e-mail. */
async function duplicateOf(db: Database, identity: { tipo_doc: number; num_doc: string }, correo: string): Promise<InvalidInputError> {
  const free = await isDocumentFree(db, identity.tipo_doc, identity.num_doc);
  if (!free) return new InvalidInputError('account.num_doc.taken', 'num_doc');
  return new InvalidInputError(correo ? 'account.registro.exists' : 'request.invalid', 'correo');
}

/**
 * Whether a document is free for a new account: no proven account has it, and no unproven
 * sign-up whose confirmation time is still running (an unconfirmed sign-up keeps a document only
 * for the life of its link, so it cannot keep it from its real owner for ever).
 */
export async function isDocumentFree(db: Database, tipo_doc: number, num_doc: string, now = clock.now()): Promise<boolean> {
  const [row] = await db
    .select({ ccuenta: cuenta.ccuenta })
    .from(cuenta)
    .where(and(eq(cuenta.tipo_doc, tipo_doc), eq(cuenta.num_doc, num_doc), or(isNotNull(cuenta.correo_confirmado_en), gt(cuenta.creado_en, staleBefore(now)))));
  return !row;
}

/** Unproven sign-ups created before this instant have had their time: their claims are void. */
const staleBefore = (now: Date) => new Date(now.getTime() - CONFIRM_TTL_MS);

export async function newLink(db: Database, ccuenta: number, tipo: 'confirmar' | 'recuperar' | 'cc', ttlMs: number, now: Date, registro: string | null = null): Promise<string> {
  // A new link replaces the earlier unused ones of the same kind.
  await db
    .update(cuentaEnlace)
    .set({ usado_en: now })
    .where(and(eq(cuentaEnlace.ccuenta, ccuenta), eq(cuentaEnlace.tipo, tipo), isNull(cuentaEnlace.usado_en)));
  const token = newLinkToken();
  await db.insert(cuentaEnlace).values({ ccuenta, tipo, hash: linkTokenHash(token), expira_en: new Date(now.getTime() + ttlMs), creado_en: now, registro });
  return token;
}

/**
 * `/rest/usuario/registrar`: creates the account (unconfirmed) and mails the confirmation link.
 * An e-mail that already has an account gets a notice instead, and the answer is the same, so
 * sign-up does not tell who has an account. A taken document is said: `/rest/usuario/verificar`
 * tells that anyway (DECISIONS.md).
 */
export async function signUp(db: Database, body: SignUp, context: AccountContext): Promise<void> {
  const { clave, ...identity } = body;
  // Hashed whatever the answer, so a known address takes as long as a new one.
  const clave_hash = await hashPassword(clave);
  const existing = await accountByEmail(db, body.correo);
  if (existing?.correo_confirmado_en) {
    // Proven, but anyone can cause it: under the same cap.
    await enqueueUnprovenMail(db, alreadyRegisteredMail(existing.correo, existing.nombres, link(context, '/cuenta/recuperar'), context.language), context);
    return;
  }
  if (existing && existing.creado_en > staleBefore(context.now)) {
    // Issue 32 item 5: a sign-up of this address waits for its link. Another one never replaces its
    // password or name (the owner's link would then confirm an attacker's password): the address is
    // told, without this sign-up's name and with no link that confirms anything. Whoever owns the
    // address gets in with a one-time code (which drops the pending sign-up's password) or with
    // the first mail's link. The answer is the one of any sign-up.
    await enqueueUnprovenMail(db, pendingSignUpMail(existing.correo, link(context, '/login'), context.language), context);
    return;
  }
  if (!(await isDocumentFree(db, body.tipo_doc, body.num_doc, context.now))) {
    // The document of the unproven sign-up being replaced is its own, not taken.
    const ownDocument = existing && existing.tipo_doc === body.tipo_doc && existing.num_doc === body.num_doc;
    if (!ownDocument) throw new InvalidInputError('account.num_doc.taken', 'num_doc');
  }
  try {
    await db.transaction(async (tx) => {
      // An unproven sign-up whose time ran out gives its document up.
      await tx
        .delete(cuenta)
        .where(
          and(
            eq(cuenta.tipo_doc, body.tipo_doc),
            eq(cuenta.num_doc, body.num_doc),
            isNull(cuenta.correo_confirmado_en),
            lte(cuenta.creado_en, staleBefore(context.now)),
            sql`${cuenta.correo} <> ${body.correo.toLowerCase()}`,
          ),
        );
      // A sign-up of an address nobody proved in its time replaces that lapsed claim (its links
      // are used up by newLink, and bound to it anyway).
      const values = { ...identity, correo: body.correo.toLowerCase(), clave_hash, idioma: context.language, creado_en: context.now, actualizado_en: context.now };
      const [created] = existing
        ? await tx
            .update(cuenta)
            .set(values)
            .where(and(eq(cuenta.ccuenta, existing.ccuenta), isNull(cuenta.correo_confirmado_en)))
            .returning({ ccuenta: cuenta.ccuenta })
        : await tx.insert(cuenta).values(values).returning({ ccuenta: cuenta.ccuenta });
      if (!created) throw new InvalidInputError('request.invalid');
      const token = await newLink(tx, created.ccuenta, 'confirmar', CONFIRM_TTL_MS, context.now, signUpDigest(created.ccuenta, clave_hash));
      await enqueueUnprovenMail(tx, confirmMail(body.correo, body.nombres, link(context, '/cuenta/registro', { confirmar: token }), context.language), context);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Someone signed up with the same address or document a moment earlier.
    const taken = await duplicateOf(db, body, '');
    if (taken.code === 'account.num_doc.taken') throw taken;
  }
}
