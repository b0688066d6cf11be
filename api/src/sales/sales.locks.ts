import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { boleto, pago, reserva } from './sales.tables';

/** The sales rows, locked through the store's one lock order (db/lock-order.ts). */
export const salesLocks = {
  /** Step 2: the payment of a provider's reference; undefined when there is none. */
  payment: (tx: Database, proveedor: string, referencia: string) =>
    locks.row(tx, 'payment', pago, and(eq(pago.referencia, referencia), eq(pago.proveedor, proveedor))!),

  /** Step 3: a reservation. */
  reservation: (tx: Database, creserva: number) => locks.row(tx, 'reservation', reserva, eq(reserva.creserva, creserva), creserva),

  /** Step 4: a ticket by its number. */
  ticket: (tx: Database, numero: string) => locks.row(tx, 'ticket', boleto, eq(boleto.numero, numero), numero),
};
