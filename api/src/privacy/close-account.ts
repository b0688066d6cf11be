import { randomUUID } from 'node:crypto';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { lockAccount } from '../accounts/account-lock';
import { claveFalloCliente, cuenta, cuentaEnlace, otpCodigo, sesion } from '../accounts/accounts.tables';
import { verifyPassword } from '../accounts/passwords';
import type { Database } from '../db/client';
import { InvalidInputError } from '../errors';
import { lista_espera } from '../waitlist/waitlist.tables';
import { alerta_precio } from '../alerts/price-alerts.tables';
import { push_suscripcion, push_vinculo } from '../push/push.tables';
import { endSubscription, withdrawAll } from './consents';

/** The domain no mail is ever delivered to (RFC 2606): a closed account's address is one of these, so the real one is free. */
export const CLOSED_DOMAIN = 'cuenta-cerrada.invalid';
// Random, so nobody can sign up with the address an account will take when it closes and make
// its closing fail on the unique address.
const closedEmail = (ccuenta: number) => `cerrada-${ccuenta}-${randomUUID()}@${CLOSED_DOMAIN}`;

/**
 * `POST /rest/user/cerrar` (issue 47), the password path: the current password proves it is the
 * holder; an account with none (provider or code sign-in) is refused until the mailed-code path
 * exists. An account already closed is left as it is.
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
