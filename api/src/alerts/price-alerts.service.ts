import { createHmac } from 'node:crypto';
import { addDays, limaToday, PRICE_ALERT_MAX, SALES_WINDOW_DAYS, type Language, type PriceAlert, type PriceAlertRequest } from '@rumbo/shared/schemas';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { ConflictError, NotFoundError } from '../errors';
import { enqueueMail } from '../mail/outbox';
import { hasConsent, recordConsent } from '../privacy/consents';
import { enqueueAccountPush } from '../push/push.queue';
import { fareCalendar } from '../trips/trips.queries';
import { whatsappRecipient } from '../whatsapp/recipient';
import { enqueueWhatsApp } from '../whatsapp/whatsapp.queue';
import { priceAlertMail, priceAlertPush, priceAlertWhatsApp } from './price-alerts-texts';
import { alerta_precio } from './price-alerts.tables';

/** Where an alert's links lead: the site (step 1 on the day) and the API (the one-tap opt-out), signed with the server's secret. */
export interface PriceAlertContext {
  secret: string;
  siteUrl: string;
  apiOrigin: string;
  /** WhatsApp is configured (the Cloud API or its stand-in): alerts go there too, to those who consented. */
  whatsapp?: boolean;
}

/** An alert's opt-out token: an HMAC of its number (nothing stored). */
export const alertToken = (secret: string, calerta: number) => createHmac('sha256', secret).update(`alerta-precio:${calerta}`).digest('hex').slice(0, 32);

const view = (row: typeof alerta_precio.$inferSelect): PriceAlert => ({
  calerta: row.calerta,
  origen: row.origen,
  destino: row.destino,
  desde: row.desde,
  hasta: row.hasta,
  tope: row.tope,
  avisado: row.avisado,
});

/**
 * `POST /rest/alertas`: a new alert; each channel given records the consent of purpose
 * `alertas_precio` by it (the one place consent is recorded: privacy/consents.ts). At most
 * PRICE_ALERT_MAX active alerts per customer.
 */
export async function createPriceAlert(db: Database, ccuenta: number, input: PriceAlertRequest, language: Language, now: Date): Promise<PriceAlert> {
  for (const canal of input.canales) await recordConsent(db, ccuenta, { canal, finalidad: 'alertas_precio', otorgado: true, version: input.version }, now);
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from alerta_precio where ccuenta = ${ccuenta} and activa`);
  if (Number(count?.n ?? 0) >= PRICE_ALERT_MAX) throw new ConflictError('alert.limit');
  const [row] = await db
    .insert(alerta_precio)
    .values({ ccuenta, origen: input.origen, destino: input.destino, desde: input.desde ?? null, hasta: input.hasta ?? null, tope: input.tope, idioma: language, creada: now })
    .returning();
  return view(row!);
}

export async function listPriceAlerts(db: Database, ccuenta: number): Promise<PriceAlert[]> {
  const rows = await db.select().from(alerta_precio).where(and(eq(alerta_precio.ccuenta, ccuenta), eq(alerta_precio.activa, true))).orderBy(asc(alerta_precio.calerta));
  return rows.map(view);
}

/** Ends an alert (the customer's own, or any with its token); false when there was none active. */
export async function endPriceAlert(db: Database, calerta: number, now: Date, ccuenta?: number): Promise<boolean> {
  const rows = await db
    .update(alerta_precio)
    .set({ activa: false, terminada: now })
    .where(and(eq(alerta_precio.calerta, calerta), eq(alerta_precio.activa, true), ccuenta === undefined ? undefined : eq(alerta_precio.ccuenta, ccuenta)))
    .returning({ calerta: alerta_precio.calerta });
  return rows.length > 0;
}

/** The alert a signed opt-out link names, if its token is its own. */
export async function alertByToken(db: Database, secret: string, calerta: number, token: string) {
  if (alertToken(secret, calerta) !== token) throw new NotFoundError();
  const [row] = await db.select().from(alerta_precio).where(eq(alerta_precio.calerta, calerta));
  if (!row) throw new NotFoundError();
  return row;
}

/** The days an alert watches today: its range cut to the sales window (undefined once it has passed). */
function watchedDays(alert: { desde: string | null; hasta: string | null }, today: string): { first: string; last: string } | undefined {
  const end = addDays(today, SALES_WINDOW_DAYS);
  const first = alert.desde && alert.desde > today ? alert.desde : today;
  const last = alert.hasta && alert.hasta < end ? alert.hasta : end;
  return first <= last ? { first, last } : undefined;
}

/**
 * The price alerts' job (every instance, after price or promotion changes and on a timer): for each
 * route and range watched, the lowest from-price of its days (step 1's rule, `fareCalendar`: one
 * query per route and range), and each alert whose sum it is below and that was not told this price
 * or a lower one is told once. Telling is claiming: one conditional UPDATE of the alert's row
 * (`avisado` lowered) and its messages in one transaction, so two instances tell it once. A price
 * back at or above the sum clears `avisado`: the next drop is told. Alerts whose days have passed end.
 * Returns how many alerts were told.
 */
export async function checkPriceAlerts(db: Database, context: PriceAlertContext, now: Date): Promise<number> {
  const today = limaToday(now);
  const alerts = await db.select().from(alerta_precio).where(eq(alerta_precio.activa, true)).orderBy(asc(alerta_precio.calerta));
  const groups = new Map<string, { origen: string; destino: string; first: string; last: string; alerts: (typeof alerts)[number][] }>();
  for (const alert of alerts) {
    const days = watchedDays(alert, today);
    if (!days) {
      await endPriceAlert(db, alert.calerta, now);
      continue;
    }
    const key = `${alert.origen}:${alert.destino}:${days.first}:${days.last}`;
    const group = groups.get(key) ?? { origen: alert.origen, destino: alert.destino, ...days, alerts: [] };
    group.alerts.push(alert);
    groups.set(key, group);
  }
  let told = 0;
  for (const group of groups.values()) {
    const fares = await fareCalendar(db, { origen: group.origen, destino: group.destino }, group.first, group.last, now);
    let best: { fecha: string; desde: number } | undefined;
    for (const day of fares) if (day.desde !== null && (!best || day.desde < best.desde)) best = { fecha: day.fecha, desde: day.desde };
    for (const alert of group.alerts) {
      if (!best || best.desde >= alert.tope) {
        if (alert.avisado !== null) await db.update(alerta_precio).set({ avisado: null, avisado_dia: null }).where(eq(alerta_precio.calerta, alert.calerta));
        continue;
      }
      if (await tell(db, context, alert, best, now)) told += 1;
    }
  }
  return told;
}

async function tell(db: Database, context: PriceAlertContext, alert: typeof alerta_precio.$inferSelect, best: { fecha: string; desde: number }, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await queryRows<{ calerta: number }>(tx, sql`
      update alerta_precio set avisado = ${best.desde}, avisado_dia = ${best.fecha}, avisado_en = ${now.toISOString()}::timestamptz
      where calerta = ${alert.calerta} and activa and ${best.desde} < tope and (avisado is null or avisado > ${best.desde})
      returning calerta`);
    if (claimed.length === 0) return false;
    const language: Language = alert.idioma === 'en-EN' ? 'en-EN' : 'es-PE';
    const link = `${context.siteUrl.replace(/\/+$/, '')}/pasajes?${new URLSearchParams({ origen: alert.origen, destino: alert.destino, fecha: best.fecha, pasajeros: '1' })}`;
    const optOut = `${context.apiOrigin.replace(/\/+$/, '')}/rest/alertas/${alert.calerta}/baja?${new URLSearchParams({ token: alertToken(context.secret, alert.calerta), idioma: language })}`;
    const message = { language, origen: alert.origen, destino: alert.destino, fecha: best.fecha, precio: best.desde, tope: alert.tope, link, optOut };
    if (await hasConsent(tx, alert.ccuenta, 'correo', 'alertas_precio')) {
      const [account] = await queryRows<{ correo: string; cerrada_en: unknown }>(tx, sql`select correo, cerrada_en from cuenta where ccuenta = ${alert.ccuenta}`);
      if (account && !account.cerrada_en) await enqueueMail(tx, { ...priceAlertMail({ ...message, to: account.correo }), baja: optOut });
    }
    if (await hasConsent(tx, alert.ccuenta, 'push', 'alertas_precio')) {
      await enqueueAccountPush(tx, alert.ccuenta, priceAlertPush({ ...message, calerta: alert.calerta }), now);
    }
    // WhatsApp (issue 48 item 4), by its own consent, to the account's mobile.
    const telefono = context.whatsapp ? await whatsappRecipient(tx, alert.ccuenta, 'alertas_precio') : undefined;
    if (telefono) await enqueueWhatsApp(tx, priceAlertWhatsApp({ ...message, calerta: alert.calerta, telefono }), now);
    return true;
  });
}
