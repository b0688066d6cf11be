import { pushEndpoints } from '@rumbo/shared/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { optionalCustomer } from '../accounts/accounts.routes';
import type { Database } from '../db/client';
import { InvalidInputError, NotFoundError } from '../errors';
import { route } from '../http/endpoint';
import type { RateLimit } from '../http/rate-limit';
import { paidView } from '../sales/reservation-views';
import { reserva } from '../sales/sales.tables';
import { isPushService, type VapidConfig } from './push.config';
import { push_suscripcion, push_vinculo } from './push.tables';

export interface PushRoutesOptions {
  db: Database;
  sessionSecret: string;
  now: () => Date;
  /** VAPID_*: unset, the key reads null and subscribing answers 404. */
  vapid?: VapidConfig;
  writeRateLimit: RateLimit;
}

/** `/rest/avisos/*`: the VAPID key, and a browser's subscription saved or forgotten. */
export const pushRoutes: FastifyPluginAsync<PushRoutesOptions> = async (app, options) => {
  const { db, sessionSecret, now, vapid } = options;
  const writes = { rateLimit: options.writeRateLimit };


  route(app, pushEndpoints.pushKey, async () => ({ clave: vapid?.publicKey ?? null }));

  route(app, pushEndpoints.pushSubscribe, async ({ input, request }) => {
    if (!vapid) throw new NotFoundError();
    if (!isPushService(vapid, input.suscripcion.endpoint)) throw new InvalidInputError('push.suscripcion.invalid', 'suscripcion');
    const ccuenta = await optionalCustomer(db, request, sessionSecret);
    let creserva: number | undefined;
    if (input.codigo !== undefined && input.clave_bloqueo !== undefined) {
      // The proof the ticket page reads the purchase with: its code and this browser's purchase key.
      await paidView(db, { codigo: input.codigo, clave_bloqueo: input.clave_bloqueo }, now());
      const [r] = await db.select({ creserva: reserva.creserva }).from(reserva).where(eq(reserva.codigo, input.codigo));
      creserva = r!.creserva;
    }
    if (ccuenta === undefined && creserva === undefined) throw new InvalidInputError('push.titular.required');
    const { endpoint, keys } = input.suscripcion;
    await db.transaction(async (tx) => {
      // One row per endpoint: a browser that subscribes again (new keys) replaces its keys.
      const [saved] = await tx
        .insert(push_suscripcion)
        .values({ endpoint, p256dh: keys.p256dh, auth: keys.auth, creada: now() })
        .onConflictDoUpdate({ target: push_suscripcion.endpoint, set: { p256dh: sql`excluded.p256dh`, auth: sql`excluded.auth` } })
        .returning({ csuscripcion: push_suscripcion.csuscripcion });
      const bindings = [
        ...(ccuenta !== undefined ? [{ csuscripcion: saved!.csuscripcion, ccuenta }] : []),
        ...(creserva !== undefined ? [{ csuscripcion: saved!.csuscripcion, creserva }] : []),
      ];
      await tx.insert(push_vinculo).values(bindings).onConflictDoNothing();
    });
    return { cuenta: ccuenta !== undefined, compra: creserva !== undefined };
  }, writes);

  route(app, pushEndpoints.pushUnsubscribe, async ({ input }) => {
    await db.delete(push_suscripcion).where(eq(push_suscripcion.endpoint, input.endpoint));
    return undefined;
  }, writes);
};
