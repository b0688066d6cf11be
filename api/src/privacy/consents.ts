import { CONSENT_CHANNELS, CONSENT_PURPOSES, CONSENT_TEXT_VERSION, type ConsentChange, type ConsentChannel, type ConsentPurpose, type ConsentRecord, type Consents } from '@rumbo/shared/schemas';
import { and, desc, eq } from 'drizzle-orm';
import { lockAccount } from '../accounts/account-lock';
import { cuenta } from '../accounts/accounts.tables';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { suscripcion } from '../promotions/promotions.tables';
import { consentimiento } from './privacy.tables';

/**
 * The one place consent is recorded and asked (issue 47). Service messages (tickets, reminders,
 * disruptions, waitlist offers) are not marketing and never ask here; promotions and price alerts
 * ask `hasConsent` for each channel before anything is sent.
 */

/** The footer's subscription form's text: the version recorded when its links give or withdraw consent. */
export const SUBSCRIPTION_TEXT_VERSION = 'suscripcion-pie';

type Origin = ConsentRecord['origen'];

/** Whether the customer gave `purpose` by `channel` and has not withdrawn it since (the latest row says). */
export async function hasConsent(db: Database, ccuenta: number, channel: ConsentChannel, purpose: ConsentPurpose): Promise<boolean> {
  const [latest] = await db
    .select({ otorgado: consentimiento.otorgado })
    .from(consentimiento)
    .where(and(eq(consentimiento.ccuenta, ccuenta), eq(consentimiento.canal, channel), eq(consentimiento.finalidad, purpose)))
    .orderBy(desc(consentimiento.id))
    .limit(1);
  return latest?.otorgado ?? false;
}

/** The account's consent history, newest first. */
export async function consentHistory(db: Database, ccuenta: number): Promise<ConsentRecord[]> {
  const rows = await db.select().from(consentimiento).where(eq(consentimiento.ccuenta, ccuenta)).orderBy(desc(consentimiento.id));
  return rows.map((row) => ({
    canal: row.canal as ConsentChannel,
    finalidad: row.finalidad as ConsentPurpose,
    otorgado: row.otorgado,
    version: row.version,
    fecha: row.fecha.toISOString(),
    origen: row.origen as Origin,
  }));
}

/** The state of every channel for every purpose (not given unless a row says so), and the history. */
export async function listConsents(db: Database, ccuenta: number): Promise<Consents> {
  const historial = await consentHistory(db, ccuenta);
  const estado = CONSENT_PURPOSES.flatMap((finalidad) =>
    CONSENT_CHANNELS.map((canal) => {
      const latest = historial.find((row) => row.canal === canal && row.finalidad === finalidad);
      return { canal, finalidad, otorgado: latest?.otorgado ?? false, fecha: latest?.fecha ?? null };
    }),
  );
  return { version: CONSENT_TEXT_VERSION, estado, historial };
}

/**
 * Appends one row when it changes the state (a repeated tap records nothing new). Withdrawing
 * promotions by mail also ends the footer's subscription of the account's address, so one tap
 * stops every promotional mail to it.
 */
export async function recordConsent(db: Database, ccuenta: number, change: Omit<ConsentChange, 'version'> & { version?: string }, now: Date, origen: Origin = 'cuenta'): Promise<void> {
  await db.transaction(async (tx) => {
    // Two taps at once read the same state: the account's lock has them take turns.
    await lockAccount(tx, ccuenta);
    if ((await hasConsent(tx, ccuenta, change.canal, change.finalidad)) !== change.otorgado) {
      await tx.insert(consentimiento).values({
        ccuenta,
        canal: change.canal,
        finalidad: change.finalidad,
        otorgado: change.otorgado,
        version: change.version ?? CONSENT_TEXT_VERSION,
        origen,
        fecha: now,
      });
    }
    if (origen === 'cuenta' && !change.otorgado && change.canal === 'correo' && change.finalidad === 'promociones') {
      const [account] = await tx.select({ correo: cuenta.correo }).from(cuenta).where(eq(cuenta.ccuenta, ccuenta));
      if (account) await endSubscription(tx, account.correo, now);
    }
  });
}

/** Step 8 of the lock order (after the account's, step 6): the footer's subscription of `correo`, when there is one, ends. */
export async function endSubscription(tx: Database, correo: string, now: Date): Promise<void> {
  const row = await locks.subscription(tx, suscripcion, eq(suscripcion.correo, correo));
  if (row && row.estado !== 'baja') await tx.update(suscripcion).set({ estado: 'baja', baja: now }).where(eq(suscripcion.correo, correo));
}

/**
 * The footer's subscription confirmed or ended by its links: when the address is an account's,
 * its history records it too, so Mi cuenta and the footer never disagree.
 */
export async function recordSubscriptionConsent(db: Database, correo: string, otorgado: boolean, now: Date): Promise<void> {
  const [account] = await db.select({ ccuenta: cuenta.ccuenta }).from(cuenta).where(eq(cuenta.correo, correo.toLowerCase()));
  if (!account) return;
  if ((await hasConsent(db, account.ccuenta, 'correo', 'promociones')) === otorgado) return;
  await db.insert(consentimiento).values({ ccuenta: account.ccuenta, canal: 'correo', finalidad: 'promociones', otorgado, version: SUBSCRIPTION_TEXT_VERSION, origen: 'suscripcion', fecha: now });
}

/** Closing the account: every consent still given is withdrawn (the history stays as the proof). */
export async function withdrawAll(tx: Database, ccuenta: number, now: Date): Promise<void> {
  for (const finalidad of CONSENT_PURPOSES) {
    for (const canal of CONSENT_CHANNELS) {
      if (await hasConsent(tx, ccuenta, canal, finalidad)) {
        await tx.insert(consentimiento).values({ ccuenta, canal, finalidad, otorgado: false, version: CONSENT_TEXT_VERSION, origen: 'cierre', fecha: now });
      }
    }
  }
}
