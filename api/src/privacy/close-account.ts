import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { lockAccount } from '../accounts/account-lock';
import { claveFalloCliente, cuenta, cuentaEnlace, otpCodigo, sesion } from '../accounts/accounts.tables';
import { verifyPassword } from '../accounts/passwords';
import { newOtpCode, sameHash } from '../accounts/secrets';
import { locks } from '../db/lock-order';
import { enqueueMail } from '../mail/outbox';
import type { Language } from '@rumbo/shared/schemas';
import { closeCodeMail } from './privacy-mail';
import { cierre_codigo } from './privacy.tables';
import type { Database } from '../db/client';
import { InvalidInputError } from '../errors';
import { lista_espera } from '../waitlist/waitlist.tables';
import { alerta_precio } from '../alerts/price-alerts.tables';
import { whatsapp_telefono } from '../whatsapp/whatsapp.tables';
import { push_suscripcion, push_vinculo } from '../push/push.tables';
import { endSubscription, withdrawAll } from './consents';

/** The domain no mail is ever delivered to (RFC 2606): a closed account's address is one of these, so the real one is free. */
export const CLOSED_DOMAIN = 'cuenta-cerrada.invalid';
// Random, so nobody can sign up with the address an account will take when it closes and make
// its closing fail on the unique address.
const closedEmail = (ccuenta: number) => `cerrada-${ccuenta}-${randomUUID()}@${CLOSED_DOMAIN}`;

/**
 * `POST /rest/user/cerrar` (issue 47), the password path: the current password proves it is the
 * holder; an account with none (provider or code sign-in) is told to ask for a mailed code
 * (`closeAccountWithCode`). An account already closed is left as it is.
 */
export async function closeAccount(db: Database, ccuenta: number, clave: string, now: Date): Promise<void> {
  const [account] = await db.select({ clave_hash: cuenta.clave_hash, cerrada_en: cuenta.cerrada_en }).from(cuenta).where(eq(cuenta.ccuenta, ccuenta));
  if (!account || account.cerrada_en) return;
  if (!account.clave_hash) throw new InvalidInputError('privacy.clave.none', 'clave');
  if (!(await verifyPassword(clave, account.clave_hash))) throw new InvalidInputError('privacy.clave.wrong', 'clave');
  await eraseAccount(db, ccuenta, now);
}

/**
 * Erases or anonymises what no law keeps, in one transaction (a crash halfway changes nothing):
 * every session, link, code and push tie goes; the consents still given are withdrawn (the history
 * stays, as proof); the footer subscription of the address ends; the account row stays, for the
 * sales, vouchers and credit that point to it, with placeholders instead of its personal fields,
 * so its e-mail and document are free for a new sign-up. What is kept and why: docs/decisions.md.
 */
export async function eraseAccount(db: Database, ccuenta: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, ccuenta);
    const [account] = await tx.select({ correo: cuenta.correo, cerrada_en: cuenta.cerrada_en }).from(cuenta).where(eq(cuenta.ccuenta, ccuenta));
    if (!account || account.cerrada_en) return;

    await withdrawAll(tx, ccuenta, now);
    await tx.delete(sesion).where(eq(sesion.ccuenta, ccuenta));
    await tx.delete(cuentaEnlace).where(eq(cuentaEnlace.ccuenta, ccuenta));
    await tx.delete(otpCodigo).where(eq(otpCodigo.ccuenta, ccuenta));
    await tx.delete(claveFalloCliente).where(eq(claveFalloCliente.ccuenta, ccuenta));
    // Issue 48: the account's waitlist places (its e-mail, the trips it waits for); seats offered to one lapse with the offer.
    await tx.delete(lista_espera).where(eq(lista_espera.ccuenta, ccuenta));
    // And its price alerts (what it watched, for which sum).
    await tx.delete(alerta_precio).where(eq(alerta_precio.ccuenta, ccuenta));
    await tx.delete(whatsapp_telefono).where(eq(whatsapp_telefono.ccuenta, ccuenta));

    const tied = await tx.delete(push_vinculo).where(eq(push_vinculo.ccuenta, ccuenta)).returning({ csuscripcion: push_vinculo.csuscripcion });
    if (tied.length) {
      // A browser told only about this account is told nothing any more: its subscription goes too.
      const other = tx.select({ one: sql`1` }).from(push_vinculo).where(eq(push_vinculo.csuscripcion, push_suscripcion.csuscripcion));
      await tx.delete(push_suscripcion).where(and(inArray(push_suscripcion.csuscripcion, tied.map((row) => row.csuscripcion)), notExists(other)));
    }

    await tx
      .update(cuenta)
      .set({
        num_doc: `CERRADA-${ccuenta}`,
        nombres: '',
        paterno: '',
        materno: '',
        sexo: '',
        correo: closedEmail(ccuenta),
        correo_cc: null,
        correo_cc_confirmado_en: null,
        telefono: '',
        fnacimiento: '1900-01-01',
        clave_hash: null,
        clave_fallos: 0,
        clave_fallo_en: null,
        google_sub: null,
        facebook_id: null,
        actualizado_en: now,
        cerrada_en: now,
      })
      .where(eq(cuenta.ccuenta, ccuenta));
    await endSubscription(tx, account.correo, now);
  });
}

/** How long a closing code lives, and how many wrong tries it takes. */
export const CLOSE_CODE_TTL_MS = 10 * 60_000;
export const CLOSE_CODE_MAX_TRIES = 5;

/** What is stored of a closing code: an HMAC keyed with the server's secret, bound to the account and to closing. */
const closeCodeHash = (code: string, ccuenta: number, secret: string) => createHmac('sha256', secret).update(`cierre:${ccuenta}:${code}`).digest('hex');

/**
 * `POST /rest/user/cerrar/codigo` (issue 47): mails a code that confirms closing the account to
 * the account's own address, in its language; a new request replaces the earlier code. The code
 * row and its mail are written in one transaction.
 */
export async function requestCloseCode(db: Database, ccuenta: number, secret: string, now: Date): Promise<void> {
  const [account] = await db.select({ correo: cuenta.correo, nombres: cuenta.nombres, idioma: cuenta.idioma, cerrada_en: cuenta.cerrada_en }).from(cuenta).where(eq(cuenta.ccuenta, ccuenta));
  if (!account || account.cerrada_en) return;
  const code = newOtpCode();
  const values = { ccuenta, hash: closeCodeHash(code, ccuenta, secret), intentos: 0, expira: new Date(now.getTime() + CLOSE_CODE_TTL_MS), creado: now };
  await db.transaction(async (tx) => {
    await tx.insert(cierre_codigo).values(values).onConflictDoUpdate({ target: cierre_codigo.ccuenta, set: values });
    await enqueueMail(tx, closeCodeMail(account.correo, account.nombres, code, account.idioma as Language));
  });
}

/**
 * `POST /rest/user/cerrar/verificar` (issue 47), the mailed-code path: the right code within 10
 * minutes and 5 tries closes the account (`eraseAccount`) in the transaction that uses the code up,
 * under the account's lock then the code's (lock order steps 6 and 7); a wrong try is counted even
 * though the request fails. Every failure reads alike (none, expired, used up, wrong).
 */
export async function closeAccountWithCode(db: Database, ccuenta: number, codigo: string, secret: string, now: Date): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    await lockAccount(tx, ccuenta);
    const [account] = await tx.select({ cerrada_en: cuenta.cerrada_en }).from(cuenta).where(eq(cuenta.ccuenta, ccuenta));
    if (!account || account.cerrada_en) return 'closed' as const;
    const row = await locks.oneTimeCode(tx, cierre_codigo, eq(cierre_codigo.ccuenta, ccuenta));
    if (!row || row.expira <= now || row.intentos >= CLOSE_CODE_MAX_TRIES) return 'invalid' as const;
    if (!sameHash(row.hash, closeCodeHash(codigo, ccuenta, secret))) {
      await tx.update(cierre_codigo).set({ intentos: row.intentos + 1 }).where(eq(cierre_codigo.ccuenta, ccuenta));
      return 'invalid' as const;
    }
    await tx.delete(cierre_codigo).where(eq(cierre_codigo.ccuenta, ccuenta));
    await eraseAccount(tx, ccuenta, now);
    return 'closed' as const;
  });
  if (outcome === 'invalid') throw new InvalidInputError('privacy.codigo.invalid', 'codigo');
}
