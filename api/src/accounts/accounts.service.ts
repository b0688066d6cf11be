import type {
  AccountLookup,
  AccountPoints,
  AccountProfile,
  Language,
  PointsConcept,
  Profile,
  SignedIn,
  SignInMethod,
  SignUp,
  SocialSignInResult,
  SocialSignUp,
} from '@rumbo/shared/schemas';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { heldPoints } from '../aftersale/points.service';
import type { Database } from '../db/client';
import { InvalidInputError, UnauthorizedError } from '../errors';
import { enqueueMail } from '../mail/outbox';
import { alreadyRegisteredMail, confirmMail, noAccountMail, otpMail, resetMail } from './account-mail';
import { findCustomer, type CustomerData } from './accounts.queries';
import { cuenta, cuentaEnlace, otpCodigo, puntosMovimiento } from './accounts.tables';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import type { ProviderIdentity } from './providers';
import { linkTokenHash, newLinkToken, newOtpCode, otpHash, sameHash } from './secrets';
import { signPendingSignUp, signSessionToken, verifyPendingSignUp, verifySessionToken } from './tokens';

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
}

/** The customer a session token belongs to; UnauthorizedError when there is no such customer. */
export async function customerOfToken(db: Database, token: string | undefined, secret: string): Promise<CustomerData> {
  const ccuenta = token ? await verifySessionToken(token, secret) : null;
  const customer = ccuenta === null ? undefined : await findCustomer(db, ccuenta);
  if (!customer) throw new UnauthorizedError();
  return customer;
}

type Account = typeof cuenta.$inferSelect;

async function accountByEmail(db: Database, correo: string): Promise<Account | undefined> {
  const [row] = await db.select().from(cuenta).where(eq(cuenta.correo, correo.toLowerCase()));
  return row;
}

async function signedIn(db: Database, ccuenta: number, context: AccountContext): Promise<SignedIn> {
  // The mails of an account follow the language it last signed in with.
  await db.update(cuenta).set({ idioma: context.language }).where(eq(cuenta.ccuenta, ccuenta));
  const cliente = await findCustomer(db, ccuenta);
  if (!cliente) throw new UnauthorizedError();
  return { token: await signSessionToken(ccuenta, SESSION_SECONDS, context.secret), cliente };
}

/** A link to the site for a mail; a request whose site is unknown cannot send one. */
const link = (context: AccountContext, path: string, params: Record<string, string> = {}) => {
  if (!context.siteUrl) throw new InvalidInputError('request.invalid');
  const url = new URL(path, context.siteUrl);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
};

/** Where an account's mails go: its address, and its CC address when it has one. */
const recipients = (account: Pick<Account, 'correo' | 'correo_cc'>) => [account.correo, account.correo_cc].filter((to): to is string => Boolean(to));

function isUniqueViolation(error: unknown): boolean {
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

/** E-mail and password. Wrong e-mail and wrong password read alike, and take alike long. */
export async function signInWithPassword(db: Database, body: { correo: string; clave: string }, context: AccountContext): Promise<SignedIn> {
  const account = await accountByEmail(db, body.correo);
  const matches = await verifyPassword(body.clave, account?.clave_hash ?? (await decoyHash()));
  if (!account?.clave_hash || !matches) throw new InvalidInputError('account.login.invalid', 'clave');
  if (!account.correo_confirmado_en) {
    // Only the owner of the password learns this; a fresh link goes to the address.
    await db.transaction(async (tx) => {
      const token = await newLink(tx, account.ccuenta, 'confirmar', CONFIRM_TTL_MS, context.now);
      await enqueueMail(tx, confirmMail(account.correo, account.nombres, link(context, '/cuenta/registro', { confirmar: token }), context.language));
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
      await enqueueMail(tx, noAccountMail(email, link(context, '/cuenta/registro'), context.language));
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
    await enqueueMail(tx, otpMail(account.correo, account.nombres, code, context.language));
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
      const [otp] = await tx.select().from(otpCodigo).where(eq(otpCodigo.ccuenta, account.ccuenta)).for('update');
      if (!otp || otp.expira_en <= context.now || otp.intentos >= OTP_MAX_TRIES) return false;
      if (!sameHash(otp.hash, otpHash(body.key, account.ccuenta, context.secret))) {
        await tx.update(otpCodigo).set({ intentos: otp.intentos + 1 }).where(eq(otpCodigo.id, otp.id));
        return false;
      }
      await tx.delete(otpCodigo).where(eq(otpCodigo.id, otp.id));
      if (!account.correo_confirmado_en) await tx.update(cuenta).set({ correo_confirmado_en: context.now }).where(eq(cuenta.ccuenta, account.ccuenta));
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
    await db
      .update(cuenta)
      .set({ ...(linked ? {} : link), correo_confirmado_en: account.correo_confirmado_en ?? context.now })
      .where(eq(cuenta.ccuenta, account.ccuenta));
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

export async function isDocumentFree(db: Database, tipo_doc: number, num_doc: string): Promise<boolean> {
  const [row] = await db
    .select({ ccuenta: cuenta.ccuenta })
    .from(cuenta)
    .where(and(eq(cuenta.tipo_doc, tipo_doc), eq(cuenta.num_doc, num_doc)));
  return !row;
}

async function newLink(db: Database, ccuenta: number, tipo: 'confirmar' | 'recuperar', ttlMs: number, now: Date): Promise<string> {
  // A new link replaces the earlier unused ones of the same kind.
  await db
    .update(cuentaEnlace)
    .set({ usado_en: now })
    .where(and(eq(cuentaEnlace.ccuenta, ccuenta), eq(cuentaEnlace.tipo, tipo), isNull(cuentaEnlace.usado_en)));
  const token = newLinkToken();
  await db.insert(cuentaEnlace).values({ ccuenta, tipo, hash: linkTokenHash(token), expira_en: new Date(now.getTime() + ttlMs), creado_en: now });
  return token;
}

/**
 * `/rest/usuario/registrar`: creates the account (unconfirmed) and mails the confirmation link.
 * An e-mail that already has an account gets a notice instead, and the answer is the same, so
 * sign-up does not tell who has an account. A taken document is said: `/rest/usuario/verificar`
 * tells that anyway (DECISIONS.md).
 */
export async function signUp(db: Database, body: SignUp, context: AccountContext): Promise<void> {
  const existing = await accountByEmail(db, body.correo);
  if (existing) {
    await enqueueMail(db, alreadyRegisteredMail(existing.correo, existing.nombres, link(context, '/cuenta/recuperar'), context.language));
    return;
  }
  if (!(await isDocumentFree(db, body.tipo_doc, body.num_doc))) throw new InvalidInputError('account.num_doc.taken', 'num_doc');
  const { clave, ...identity } = body;
  const clave_hash = await hashPassword(clave);
  try {
    await db.transaction(async (tx) => {
      const [created] = await tx.insert(cuenta).values({ ...identity, clave_hash, idioma: context.language }).returning({ ccuenta: cuenta.ccuenta });
      const token = await newLink(tx, created!.ccuenta, 'confirmar', CONFIRM_TTL_MS, context.now);
      await enqueueMail(tx, confirmMail(body.correo, body.nombres, link(context, '/cuenta/registro', { confirmar: token }), context.language));
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Someone signed up with the same address or document a moment earlier.
    const taken = await duplicateOf(db, body, '');
    if (taken.code === 'account.num_doc.taken') throw taken;
  }
}

/** Uses a link once: marks it used if it is of `tipo`, unused and unexpired; its account, else null. */
async function useLink(db: Database, token: string, tipo: 'confirmar' | 'recuperar', now: Date): Promise<number | null> {
  const [used] = await db
    .update(cuentaEnlace)
    .set({ usado_en: now })
    .where(and(eq(cuentaEnlace.hash, linkTokenHash(token)), eq(cuentaEnlace.tipo, tipo), isNull(cuentaEnlace.usado_en), gt(cuentaEnlace.expira_en, now)))
    .returning({ ccuenta: cuentaEnlace.ccuenta });
  return used?.ccuenta ?? null;
}

/** `/rest/usuario/confirmar`: the sign-up link confirms the address, once. */
export async function confirmEmail(db: Database, token: string, now: Date): Promise<{ correo: string }> {
  return db.transaction(async (tx) => {
    const ccuenta = await useLink(tx, token, 'confirmar', now);
    if (ccuenta === null) throw new InvalidInputError('account.link.invalid', 'token');
    const [account] = await tx.update(cuenta).set({ correo_confirmado_en: now }).where(eq(cuenta.ccuenta, ccuenta)).returning({ correo: cuenta.correo });
    return { correo: account!.correo };
  });
}

/** `/rest/usuario/recuperar`: a reset link by e-mail; the same answer for any address. */
export async function requestReset(db: Database, correo: string, context: AccountContext): Promise<void> {
  const account = await accountByEmail(db, correo);
  await db.transaction(async (tx) => {
    if (!account) {
      await enqueueMail(tx, noAccountMail(correo, link(context, '/cuenta/registro'), context.language));
      return;
    }
    const token = await newLink(tx, account.ccuenta, 'recuperar', RESET_TTL_MS, context.now);
    for (const to of recipients(account)) {
      await enqueueMail(tx, resetMail(to, account.nombres, link(context, '/cuenta/recuperar', { token }), context.language));
    }
  });
}

/** `/rest/usuario/validar`: whether a reset link can still be used (without using it). */
export async function checkResetLink(db: Database, token: string, now: Date): Promise<{ correo: string }> {
  const [row] = await db
    .select({ correo: cuenta.correo })
    .from(cuentaEnlace)
    .innerJoin(cuenta, eq(cuenta.ccuenta, cuentaEnlace.ccuenta))
    .where(and(eq(cuentaEnlace.hash, linkTokenHash(token)), eq(cuentaEnlace.tipo, 'recuperar'), isNull(cuentaEnlace.usado_en), gt(cuentaEnlace.expira_en, now)));
  if (!row) throw new InvalidInputError('account.link.invalid', 'token');
  return row;
}

/**
 * `/rest/usuario/password`: sets the new password with the reset link, which is then used up. The
 * link proves the address too, and any pending one-time code is dropped.
 */
export async function setNewPassword(db: Database, body: { token: string; clave: string }, now: Date): Promise<{ correo: string }> {
  const clave_hash = await hashPassword(body.clave);
  return db.transaction(async (tx) => {
    const ccuenta = await useLink(tx, body.token, 'recuperar', now);
    if (ccuenta === null) throw new InvalidInputError('account.link.invalid', 'token');
    const [account] = await tx
      .update(cuenta)
      .set({ clave_hash, correo_confirmado_en: sql`coalesce(${cuenta.correo_confirmado_en}, ${now.toISOString()}::timestamptz)`, actualizado_en: now })
      .where(eq(cuenta.ccuenta, ccuenta))
      .returning({ correo: cuenta.correo });
    await tx.delete(otpCodigo).where(eq(otpCodigo.ccuenta, ccuenta));
    return { correo: account!.correo };
  });
}

/** `GET /rest/user/perfil`: the user data plus the CC e-mail. */
export async function getProfile(db: Database, customer: CustomerData): Promise<AccountProfile> {
  const [row] = await db.select({ correo_cc: cuenta.correo_cc }).from(cuenta).where(eq(cuenta.ccuenta, customer.ccuenta));
  return { ...customer, correo_cc: row?.correo_cc ?? null };
}

/** `POST /rest/user/editar` with a body: saves the profile; answers the user data. */
export async function updateProfile(db: Database, ccuenta: number, profile: Profile, now: Date): Promise<CustomerData> {
  try {
    await db
      .update(cuenta)
      .set({ ...profile, actualizado_en: now })
      .where(eq(cuenta.ccuenta, ccuenta));
  } catch (error) {
    if (isUniqueViolation(error)) throw new InvalidInputError('account.num_doc.taken', 'num_doc');
    throw error;
  }
  const customer = await findCustomer(db, ccuenta);
  if (!customer) throw new UnauthorizedError();
  return customer;
}

/** `GET /rest/user/puntos`: balance, the points held by pending purchases, what is available, and history newest first. */
export async function getPoints(db: Database, ccuenta: number, now: Date): Promise<AccountPoints> {
  const rows = await db.select().from(puntosMovimiento).where(eq(puntosMovimiento.ccuenta, ccuenta)).orderBy(desc(puntosMovimiento.id));
  const saldo = rows[0]?.saldo ?? 0;
  const retenidos = await heldPoints(db, ccuenta, now);
  return {
    saldo,
    retenidos,
    disponibles: Math.max(saldo - retenidos, 0),
    movimientos: rows.map((row) => ({
      id: row.id,
      fecha: row.fecha.toISOString(),
      puntos: row.puntos,
      concepto: row.concepto as PointsConcept,
      detalle: row.detalle,
      saldo: row.saldo,
    })),
  };
}

/**
 * Adds a movement to the ledger (negative to redeem). The account row is locked so concurrent
 * movements of one customer queue up, and the balance can never go below zero.
 */
export async function addPoints(db: Database, movement: { ccuenta: number; puntos: number; concepto: PointsConcept; detalle?: string; fecha?: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.select({ ccuenta: cuenta.ccuenta }).from(cuenta).where(eq(cuenta.ccuenta, movement.ccuenta)).for('update');
    const [last] = await tx
      .select({ saldo: puntosMovimiento.saldo })
      .from(puntosMovimiento)
      .where(eq(puntosMovimiento.ccuenta, movement.ccuenta))
      .orderBy(desc(puntosMovimiento.id))
      .limit(1);
    const saldo = (last?.saldo ?? 0) + movement.puntos;
    if (saldo < 0) throw new InvalidInputError('account.puntos.insufficient');
    await tx.insert(puntosMovimiento).values({ ...movement, detalle: movement.detalle ?? '', saldo, ...(movement.fecha ? { fecha: movement.fecha } : {}) });
    return saldo;
  });
}

/** The ledger's balance as the sum of its movements (the stored `saldo` must always equal it). */
export async function pointsSum(db: Database, ccuenta: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${puntosMovimiento.puntos}), 0)` })
    .from(puntosMovimiento)
    .where(eq(puntosMovimiento.ccuenta, ccuenta));
  return Number(row?.total ?? 0);
}
