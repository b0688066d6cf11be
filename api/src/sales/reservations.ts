import { randomInt } from 'node:crypto';
import { RESERVATION_MINUTES, type ReservationReason, type ReservationState } from '@rumbo/shared/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { NotFoundError } from '../errors';
import { hashKey } from '../seats/seats.service';
import { SALES_CLOSE_MINUTES } from '../trips/trips.queries';
import { acceso_recuperacion, reserva } from './sales.tables';

// A reservation's record: its payment code, expiry, state now, and who may read it by code and key.

/** Payment codes: 8 characters of an alphabet without 0/O/1/I (RESERVATION_CODE_PATTERN). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const newCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** A reservation is payable for RESERVATION_MINUTES, and never after its first leg's sales close. */
export function reservationExpiry(now: Date, trips: readonly { salida: Date }[]): Date {
  const closes = Math.min(...trips.map((trip) => trip.salida.getTime())) - SALES_CLOSE_MINUTES * 60_000;
  return new Date(Math.min(now.getTime() + RESERVATION_MINUTES * 60_000, closes));
}

/** Inserts a reservation under a new payment code, drawing again in the rare case the code is taken. */
export async function insertReservation(tx: Database, values: Omit<typeof reserva.$inferInsert, 'codigo'>): Promise<typeof reserva.$inferSelect> {
  for (;;) {
    const [created] = await tx
      .insert(reserva)
      .values({ ...values, codigo: newCode() })
      .onConflictDoNothing({ target: reserva.codigo })
      .returning();
    if (created) return created;
  }
}

export type Reservation = typeof reserva.$inferSelect;

/** The state a reservation reads as now: a pending one past its expiry has lapsed. */
export function effectiveState(r: Pick<Reservation, 'estado' | 'motivo' | 'expira'>, now: Date): { estado: ReservationState; motivo: ReservationReason | null } {
  if (r.estado === 'pendiente' && r.expira.getTime() <= now.getTime()) return { estado: 'anulada', motivo: 'vencido' };
  return { estado: r.estado as ReservationState, motivo: (r.motivo as ReservationReason | null) ?? null };
}

/**
 * The reservation of a code whose key matches: its purchase key, or an access key
 * `/rest/venta/recovery` gave for it that has not expired. 404 otherwise (no hint which was wrong).
 */
export async function reservationOf(db: Database, codigo: string, claveBloqueo: string, now: Date): Promise<Reservation> {
  const keyHash = hashKey(claveBloqueo);
  const [row] = await db
    .select()
    .from(reserva)
    .where(
      and(
        eq(reserva.codigo, codigo),
        sql`(${reserva.clave_hash} = ${keyHash} or exists (
          select 1 from ${acceso_recuperacion} a
          where a.creserva = ${reserva.creserva} and a.clave_hash = ${keyHash} and a.expira > ${now.toISOString()}::timestamptz))`,
      ),
    );
  if (!row) throw new NotFoundError('sale.reserva.noEncontrada');
  return row;
}

/** Why a reservation cannot be paid now, or null when it can. */
export function unpayable(r: Reservation, now: Date) {
  const state = effectiveState(r, now);
  if (state.estado === 'pendiente') return null;
  if (state.estado === 'pagada') return 'sale.reserva.pagada' as const;
  if (state.motivo === 'vencido') return 'sale.reserva.vencida' as const;
  return 'sale.reserva.anulada' as const;
}
