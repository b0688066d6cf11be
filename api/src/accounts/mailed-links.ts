import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { InvalidInputError } from '../errors';
import { enqueueMail } from '../mail/outbox';
import { noAccountMail, resetMail } from './account-mail';
import { accountByEmail, enqueueUnprovenMail, link, newLink, RESET_TTL_MS, type AccountContext } from './accounts.service';
import { claveFalloCliente, cuenta, cuentaEnlace, otpCodigo } from './accounts.tables';
import { hashPassword } from './passwords';
import { linkTokenHash, signUpDigest } from './secrets';
import { revokeAllSessions } from './sessions';

// What the mailed links do: confirming an address, resetting the password.

/** Uses a link once: marks it used if it is of `tipo`, unused and unexpired; its account, else null. */
async function useLink(db: Database, token: string, tipo: 'confirmar' | 'recuperar' | 'cc', now: Date): Promise<number | null> {
  const [used] = await db
    .update(cuentaEnlace)
    .set({ usado_en: now })
    .where(and(eq(cuentaEnlace.hash, linkTokenHash(token)), eq(cuentaEnlace.tipo, tipo), isNull(cuentaEnlace.usado_en), gt(cuentaEnlace.expira_en, now)))
    .returning({ ccuenta: cuentaEnlace.ccuenta });
  return used?.ccuenta ?? null;
}

/** `/rest/user/cc/confirmar`: the link mailed to a new CC address proves it, once. */
export async function confirmCcEmail(db: Database, token: string, now: Date): Promise<{ correo_cc: string }> {
  return db.transaction(async (tx) => {
    const ccuenta = await useLink(tx, token, 'cc', now);
    if (ccuenta === null) throw new InvalidInputError('account.link.invalid', 'token');
    const [account] = await tx
      .update(cuenta)
      .set({ correo_cc_confirmado_en: now })
      .where(and(eq(cuenta.ccuenta, ccuenta), isNotNull(cuenta.correo_cc)))
      .returning({ correo_cc: cuenta.correo_cc });
    if (!account?.correo_cc) throw new InvalidInputError('account.link.invalid', 'token');
    return { correo_cc: account.correo_cc };
  });
}

/** `/rest/usuario/confirmar`: the sign-up link confirms the address, once. */
export async function confirmEmail(db: Database, token: string, now: Date): Promise<{ correo: string }> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(cuentaEnlace)
      .set({ usado_en: now })
      .where(and(eq(cuentaEnlace.hash, linkTokenHash(token)), eq(cuentaEnlace.tipo, 'confirmar'), isNull(cuentaEnlace.usado_en), gt(cuentaEnlace.expira_en, now)))
      .returning({ ccuenta: cuentaEnlace.ccuenta, registro: cuentaEnlace.registro });
    if (!used) throw new InvalidInputError('account.link.invalid', 'token');
    const [pending] = await tx.select({ clave_hash: cuenta.clave_hash }).from(cuenta).where(eq(cuenta.ccuenta, used.ccuenta));
    // Bound to the sign-up it was mailed for (issue 32 item 5): a link made before the binding
    // (no digest) has at most its 48 hours left.
    if (!pending || (used.registro !== null && used.registro !== signUpDigest(used.ccuenta, pending.clave_hash))) {
      throw new InvalidInputError('account.link.invalid', 'token');
    }
    const [account] = await tx.update(cuenta).set({ correo_confirmado_en: now }).where(eq(cuenta.ccuenta, used.ccuenta)).returning({ correo: cuenta.correo });
    return { correo: account!.correo };
  });
}

/** `/rest/usuario/recuperar`: a reset link by e-mail; the same answer for any address. */
export async function requestReset(db: Database, correo: string, context: AccountContext): Promise<void> {
  const account = await accountByEmail(db, correo);
  await db.transaction(async (tx) => {
    if (!account) {
      await enqueueUnprovenMail(tx, noAccountMail(correo, link(context, '/cuenta/registro'), context.language), context);
      return;
    }
    const token = await newLink(tx, account.ccuenta, 'recuperar', RESET_TTL_MS, context.now);
    // A mail that grants access goes only to the sign-in address, never to the CC address (which
    // a stolen session could have set).
    const mail = resetMail(account.correo, account.nombres, link(context, '/cuenta/recuperar', { token }), context.language);
    await (account.correo_confirmado_en ? enqueueMail(tx, mail) : enqueueUnprovenMail(tx, mail, context));
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
  // The cheap look-up first: a made-up or spent link costs no hashing (issue 32 item 9). The link
  // is used up below, in the transaction, so two uses of one link still set one password.
  await checkResetLink(db, body.token, now);
  const clave_hash = await hashPassword(body.clave);
  return db.transaction(async (tx) => {
    const ccuenta = await useLink(tx, body.token, 'recuperar', now);
    if (ccuenta === null) throw new InvalidInputError('account.link.invalid', 'token');
    const [account] = await tx
      .update(cuenta)
      .set({ clave_hash, clave_fallos: 0, clave_fallo_en: null, correo_confirmado_en: sql`coalesce(${cuenta.correo_confirmado_en}, ${now.toISOString()}::timestamptz)`, actualizado_en: now })
      .where(eq(cuenta.ccuenta, ccuenta))
      .returning({ correo: cuenta.correo });
    await tx.delete(otpCodigo).where(eq(otpCodigo.ccuenta, ccuenta));
    await tx.delete(claveFalloCliente).where(eq(claveFalloCliente.ccuenta, ccuenta));
    // A new password ends every session: a stolen token stops working.
    await revokeAllSessions(tx, ccuenta, now);
    return { correo: account!.correo };
  });
}
