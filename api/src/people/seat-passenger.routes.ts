import { endpoints } from '@rumbo/shared/contract';
import { isMinorOn, lapChildOn, limaToday, needsNotarialAuthorization, type ValidationKey } from '@rumbo/shared/schemas';
import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { Database } from '../db/client';
import { ConflictError, InvalidInputError } from '../errors';
import { route } from '../http/endpoint';
import type { RateLimit } from '../http/rate-limit';
import { HELD, viaje_asiento } from '../seats/seats.tables';
import { viaje } from '../trips/trips.tables';
import { asiento_pasajero, type StoredLapChild } from './people.tables';

export interface SeatPassengerRoutesOptions {
  db: Database;
  now: () => Date;
  writeRateLimit: RateLimit;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The seat if this purchase holds it now (84, its key, not expired), with the trip's departure. */
async function heldSeat(db: Database, cviaje_asiento: number, keyHash: string, now: Date) {
  const [row] = await db
    .select({ cviaje_asiento: viaje_asiento.cviaje_asiento, salida: viaje.salida })
    .from(viaje_asiento)
    .innerJoin(viaje, eq(viaje.cviaje, viaje_asiento.cviaje))
    .where(
      and(
        eq(viaje_asiento.cviaje_asiento, cviaje_asiento),
        eq(viaje_asiento.gestado_asiento, HELD),
        eq(viaje_asiento.clave_hash, keyHash),
        gt(viaje_asiento.expira, now),
      ),
    );
  if (!row) throw new ConflictError('seat.notHeld');
  return row;
}

export const seatPassengerRoutes: FastifyPluginAsync<SeatPassengerRoutesOptions> = async (app, { db, now, writeRateLimit }) => {
  const writes = { rateLimit: writeRateLimit };
  route(app, endpoints.seatPassenger, async ({ input: body }) => {
    const keyHash = hashKey(body.clave_bloqueo);
    const seat = await heldSeat(db, body.cviaje_asiento, keyHash, now());
    const departure = limaToday(seat.salida);
    const menor = isMinorOn(body.pasajero.nacimiento, departure);
    let infante: StoredLapChild | null = null;
    if (body.infante) {
      // Issue 34: the lap child's rules that need the departure day (the same schema the form checks).
      const checked = v.safeParse(lapChildOn(departure), { adulto: body.pasajero.nacimiento, infante: body.infante });
      if (!checked.success) {
        const issue = checked.issues[0];
        const field = issue.path?.map((item) => String(item.key)).join('.') || 'infante';
        throw new InvalidInputError(issue.message as ValidationKey, field);
      }
      const child = checked.output.infante;
      infante = { ...child, autorizacion_notarial: needsNotarialAuthorization(child.parentesco) && child.autorizacion_notarial === true };
    }
    const values = {
      ...body.pasajero,
      cviaje_asiento: seat.cviaje_asiento,
      clave_hash: keyHash,
      menor,
      cviaje_asiento_responsable: null,
      parentesco: null,
      autorizacion_notarial: null,
      infante,
    };
    await db
      .insert(asiento_pasajero)
      .values(values)
      .onConflictDoUpdate({ target: asiento_pasajero.cviaje_asiento, set: { ...values, cviaje_asiento: sql`excluded.cviaje_asiento` } });
    return { cviaje_asiento: seat.cviaje_asiento, menor };
  }, writes);

  route(app, endpoints.minorGuardian, async ({ input: body }) => {
    const keyHash = hashKey(body.clave_bloqueo);
    const t = now();
    await heldSeat(db, body.casiento, keyHash, t);
    await heldSeat(db, body.casiento_responsable, keyHash, t);
    const rows = await db.select().from(asiento_pasajero).where(eq(asiento_pasajero.clave_hash, keyHash));
    const minor = rows.find((r) => r.cviaje_asiento === body.casiento);
    const adult = rows.find((r) => r.cviaje_asiento === body.casiento_responsable);
    if (!minor) throw new InvalidInputError('request.invalid', 'casiento');
    if (body.casiento === body.casiento_responsable || !adult || adult.menor) throw new InvalidInputError('sale.responsable.adult', 'casiento_responsable');
    await db
      .update(asiento_pasajero)
      .set({
        cviaje_asiento_responsable: adult.cviaje_asiento,
        parentesco: body.parentesco,
        // Issue 34: the buyer's answer, kept per passenger (false: travels with a parent, none needed).
        autorizacion_notarial: needsNotarialAuthorization(body.parentesco) && body.autorizacion_notarial === true,
      })
      .where(eq(asiento_pasajero.cviaje_asiento, minor.cviaje_asiento));
    return { casiento: minor.cviaje_asiento, casiento_responsable: adult.cviaje_asiento, parentesco: body.parentesco };
  }, writes);
};
