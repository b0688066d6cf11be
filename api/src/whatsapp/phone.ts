import { createHmac } from 'node:crypto';
import type { Language, WhatsAppPhone } from '@rumbo/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import { newOtpCode, sameHash } from '../accounts/secrets';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { queryRows } from '../db/rows';
import { ConflictError, InvalidInputError } from '../errors';
import { enqueueWhatsApp, whatsappNumber } from './whatsapp.queue';
import { whatsapp_telefono } from './whatsapp.tables';

/** How long a phone code lives, and how many wrong tries it takes. */
export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_CODE_MAX_TRIES = 5;

/** What is stored of a code: an HMAC keyed with the server's secret, bound to the account, the number and this purpose. */
const codeHash = (code: string, ccuenta: number, telefono: string, secret: string) => createHmac('sha256', secret).update(`whatsapp:${ccuenta}:${telefono}:${code}`).digest('hex');

const masked = (telefono: string) => `${'•'.repeat(telefono.length - 3)}${telefono.slice(-3)}`;

async function accountPhone(db: Database, ccuenta: number) {
  const [account] = await queryRows<{ telefono: string | null; idioma: string | null }>(db, sql`select telefono, idioma from cuenta where ccuenta = ${ccuenta} and cerrada_en is null`);
  return { telefono: whatsappNumber(account?.telefono), idioma: account?.idioma };
}

/** `GET /rest/user/whatsapp`: the account's WhatsApp number (masked) and whether that very number is confirmed. */
export async function whatsappPhone(db: Database, ccuenta: number, available: boolean): Promise<WhatsAppPhone> {
  const { telefono } = await accountPhone(db, ccuenta);
  const [row] = await db.select().from(whatsapp_telefono).where(eq(whatsapp_telefono.ccuenta, ccuenta));
  return { telefono: telefono ? masked(telefono.slice(2)) : null, confirmado: Boolean(telefono && row?.confirmado && row.telefono === telefono), disponible: available };
}

/**
 * `POST /rest/user/whatsapp/codigo`: sends a 6-digit code to the account's mobile by WhatsApp (the
 * customer asked for it: the one message that goes to a number not confirmed), in the account's
 * language; a new request replaces the code. The code row and the message are written together.
 */
export async function requestPhoneCode(db: Database, ccuenta: number, secret: string, now: Date): Promise<void> {
  const { telefono, idioma } = await accountPhone(db, ccuenta);
  if (!telefono) throw new ConflictError('whatsapp.telefono.none');
  const code = newOtpCode();
  const language: Language = idioma === 'en-EN' ? 'en-EN' : 'es-PE';
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(whatsapp_telefono).where(eq(whatsapp_telefono.ccuenta, ccuenta));
    // Another number than the one confirmed: it is not confirmed until its own code comes back.
    const confirmado = row?.telefono === telefono ? row.confirmado : null;
    const values = { ccuenta, telefono, hash: codeHash(code, ccuenta, telefono, secret), intentos: 0, expira: new Date(now.getTime() + PHONE_CODE_TTL_MS), confirmado };
    await tx.insert(whatsapp_telefono).values(values).onConflictDoUpdate({ target: whatsapp_telefono.ccuenta, set: values });
    await enqueueWhatsApp(tx, { clave: `codigo:${ccuenta}:${now.getTime()}`, telefono, plantilla: 'rumbo_codigo', language, parametros: [code] }, now);
  });
}

/**
 * `POST /rest/user/whatsapp/verificar`: the right code within 10 minutes and 5 tries, for the
 * number the account has now, confirms it; a wrong try is counted. Every failure reads alike.
 */
export async function confirmPhone(db: Database, ccuenta: number, codigo: string, secret: string, now: Date): Promise<void> {
  const { telefono } = await accountPhone(db, ccuenta);
  const ok = await db.transaction(async (tx) => {
    const row = await locks.oneTimeCode(tx, whatsapp_telefono, eq(whatsapp_telefono.ccuenta, ccuenta));
    if (!telefono || !row?.hash || !row.expira || row.expira <= now || row.intentos >= PHONE_CODE_MAX_TRIES || row.telefono !== telefono) return false;
    if (!sameHash(row.hash, codeHash(codigo, ccuenta, telefono, secret))) {
      await tx.update(whatsapp_telefono).set({ intentos: row.intentos + 1 }).where(eq(whatsapp_telefono.ccuenta, ccuenta));
      return false;
    }
    await tx.update(whatsapp_telefono).set({ hash: null, expira: null, confirmado: now }).where(eq(whatsapp_telefono.ccuenta, ccuenta));
    return true;
  });
  if (!ok) throw new InvalidInputError('privacy.codigo.invalid', 'codigo');
}
