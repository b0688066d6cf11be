import type { MailGate } from '../http/rate-limit';
import { limaToday, type Language, type Promotion } from '@rumbo/shared/schemas';
import { and, asc, eq, gte, lte, or } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { ciudad } from '../cities/cities.tables';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { InvalidInputError } from '../errors';
import { enqueueMail } from '../mail/outbox';
import { recordSubscriptionConsent } from '../privacy/consents';
import { confirmationMail, welcomeMail } from './subscription-mail';
import { promocion, suscripcion } from './promotions.tables';

export type { Promotion } from '@rumbo/shared/schemas';

export async function currentPromotions(db: Database, language: Language, now: Date): Promise<Promotion[]> {
  const today = limaToday(now);
  const rows = await db
    .select({ p: promocion, c: ciudad })
    .from(promocion)
    .leftJoin(ciudad, eq(ciudad.cciudad, promocion.cciudad))
    .where(and(lte(promocion.desde, today), gte(promocion.hasta, today)))
    .orderBy(asc(promocion.hasta), asc(promocion.cpromocion));
  const en = language === 'en-EN';
  return rows.map(({ p, c }) => ({
    cpromocion: p.cpromocion,
    cupon: p.cupon,
    descuento: p.descuento,
    desde: p.desde,
    hasta: p.hasta,
    destino: c ? { cciudad: c.cciudad, nombre: c.nombre, codigo: c.codigo, slug: c.slug } : null,
    titulo: en ? p.titulo_en : p.titulo_es,
    descripcion: en ? p.descripcion_en : p.descripcion_es,
    condiciones: en ? p.condiciones_en : p.condiciones_es,
  }));
}

const token = () => randomBytes(24).toString('base64url');

export interface LinkContext {
  /** The site's origin, for the links in the mail. */
  site: string;
  language: Language;
  now: Date;
  /** The recipient cap of mails to unproven addresses; unset: no cap. */
  mayMail?: MailGate;
}

const confirmLink = (site: string, value: string) => `${site}/promociones?confirmar=${value}`;
const unsubscribeLink = (site: string, value: string) => `${site}/promociones?baja=${value}`;

/**
 * Asks for the promotions by e-mail. The answer never tells whether the address was known; the
 * mail does: a confirmation link for a new (or unsubscribed, or unconfirmed) address, a reminder
 * with the unsubscribe link for one already confirmed.
 */
export async function subscribe(db: Database, correo: string, context: LinkContext): Promise<void> {
  // Anyone can type any address here: past the recipient's cap, nothing is stored or mailed.
  if (context.mayMail && !(await context.mayMail(correo))) return;
  await db.transaction(async (tx) => {
    const existing = await locks.subscription(tx, suscripcion, eq(suscripcion.correo, correo));
    if (existing?.estado === 'confirmada') {
      await enqueueMail(tx, welcomeMail(correo, unsubscribeLink(context.site, existing.token_baja), context.language, true));
      return;
    }
    const fresh = { token_confirmacion: token(), token_baja: token() };
    const tokens = existing?.estado === 'pendiente' ? existing : fresh;
    await tx
      .insert(suscripcion)
      .values({ correo, estado: 'pendiente', idioma: context.language, ...tokens, creado: context.now })
      .onConflictDoUpdate({
        target: suscripcion.correo,
        set: { estado: 'pendiente', idioma: context.language, ...tokens, baja: null, confirmado: null },
      });
    await enqueueMail(
      tx,
      confirmationMail(
        correo,
        { confirmar: confirmLink(context.site, tokens.token_confirmacion), baja: unsubscribeLink(context.site, tokens.token_baja) },
        context.language,
      ),
    );
  });
}

export interface SubscriptionState {
  correo: string;
  estado: 'confirmada' | 'baja';
}

/** Follows a confirmation link; following it again keeps the subscription confirmed. */
export async function confirmSubscription(db: Database, value: string, context: LinkContext): Promise<SubscriptionState> {
  return db.transaction(async (tx) => {
    const row = await locks.subscription(
      tx,
      suscripcion,
      and(eq(suscripcion.token_confirmacion, value), or(eq(suscripcion.estado, 'pendiente'), eq(suscripcion.estado, 'confirmada')))!,
    );
    if (!row) throw new InvalidInputError('subscription.token.invalid', 'token');
    if (row.estado === 'pendiente') {
      await tx.update(suscripcion).set({ estado: 'confirmada', confirmado: context.now }).where(eq(suscripcion.correo, row.correo));
      await enqueueMail(tx, welcomeMail(row.correo, unsubscribeLink(context.site, row.token_baja), row.idioma === 'en-EN' ? 'en-EN' : 'es-PE'));
      await recordSubscriptionConsent(tx, row.correo, true, context.now);
    }
    return { correo: row.correo, estado: 'confirmada' };
  });
}

/** Follows an unsubscribe link: no more promotions to that address. */
export async function unsubscribe(db: Database, value: string, now: Date): Promise<SubscriptionState> {
  const [row] = await db.select().from(suscripcion).where(eq(suscripcion.token_baja, value));
  if (!row) throw new InvalidInputError('subscription.token.invalid', 'token');
  if (row.estado !== 'baja') await db.update(suscripcion).set({ estado: 'baja', baja: now }).where(eq(suscripcion.correo, row.correo));
  await recordSubscriptionConsent(db, row.correo, false, now);
  return { correo: row.correo, estado: 'baja' };
}
