import { randomBytes } from 'node:crypto';
import type { Language, PaymentMethod } from '@rumbo/shared/schemas';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { liveHold } from '../credit/credit.service';
import { ConflictError, UpstreamError } from '../errors';
import type { PaymentProvider } from '../payments/provider';
import { PaymentProviderError } from '../payments/provider';
import { reservationOf, unpayable } from './reservations';
import { pago } from './sales.tables';

// Starting a payment with a provider (`/rest/safetypay`, `/rest/efectivo`).

export interface PaymentStartInput {
  codigo: string;
  clave_bloqueo: string;
  metodo: PaymentMethod;
}

export interface PaymentStartContext {
  now: Date;
  language: Language;
  /** The site's origin: the provider sends the customer back to `{site}/pasajes/reserva/{codigo}`. */
  site: string;
  log: { error(message: string): void };
}

/**
 * `POST /rest/safetypay` and `/rest/efectivo`: a payment attempt of the reservation's total as the
 * database has it, through the provider, payable until the reservation expires.
 */
export async function startPayment(db: Database, provider: PaymentProvider, input: PaymentStartInput, context: PaymentStartContext) {
  const r = await reservationOf(db, input.codigo, input.clave_bloqueo, context.now);
  const refusal = unpayable(r, context.now);
  if (refusal) throw new ConflictError(refusal);
  // Nothing left to pay once points cover it all: `/rest/canje/confirmar` issues the tickets.
  if (r.total_centimos === 0) throw new ConflictError('points.zeroTotal');
  // Issue 35: travel credit held for it pays part; the provider is asked for the rest.
  const monto = r.total_centimos - (await liveHold(db, r.creserva));
  if (monto <= 0) throw new ConflictError('credit.coversAll');
  const referencia = `${r.codigo}-${randomBytes(6).toString('hex')}`;
  const [row] = await db
    .insert(pago)
    .values({ creserva: r.creserva, referencia, proveedor: provider.name, metodo: input.metodo, estado: 'iniciado', monto_centimos: monto, expira: r.expira, creado: context.now })
    .returning({ cpago: pago.cpago });
  let started;
  try {
    started = await provider.startCharge({
      referencia,
      codigo: r.codigo,
      montoCentimos: monto,
      expira: r.expira,
      metodo: input.metodo,
      comprador: { nombre: r.comprador_nombre, email: r.comprador_email },
      idioma: context.language,
      urlRetorno: `${context.site}/pasajes/reserva/${r.codigo}`,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    context.log.error(`payment ${referencia} could not start: ${error.message}`);
    await db.update(pago).set({ estado: 'rechazado' }).where(eq(pago.cpago, row!.cpago));
    throw new UpstreamError('sale.pago.noDisponible');
  }
  await db.update(pago).set({ url: started.url, cip: started.cip }).where(eq(pago.cpago, row!.cpago));
  return { proveedor: started.proveedor, url: started.url, cip: started.cip, expira: r.expira.toISOString(), sandbox: started.sandbox };
}
