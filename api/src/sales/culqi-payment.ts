import { CULQI_METHODS, culqiRefusalKey, YAPE_CAP_CENTIMOS, YAPE_CODE_LIFE_SECONDS, type CulqiCharge, type CulqiMethods } from '@rumbo/shared/schemas';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { liveHold } from '../credit/credit.service';
import { ConflictError, UpstreamError } from '../errors';
import { CulqiError, type CulqiProvider } from '../payments/culqi';
import { PaymentProviderError } from '../payments/provider';
import { hiddenRails, railFailed, railWorked } from '../payments/rails';
import type { VoucherSeries } from '../vouchers/rules';
import { applyNotice } from './issuance';
import { reservationOf, unpayable } from './reservations';
import { pago, reserva } from './sales.tables';
import { salesLocks } from './sales.locks';

// Issue 46: Yape and card payments through Culqi, answered at once (docs/payments-culqi.md).

/** A charge in flight keeps a second one for the same reservation out this long (a double click, two tabs). */
export const CHARGE_IN_FLIGHT_MS = 90_000;

export const railOf = (metodo: string) => `culqi:${metodo}`;

export interface CulqiChargeContext {
  now: Date;
  secret: string;
  series?: VoucherSeries | undefined;
  log: { error(message: string): void; info(message: string): void };
}

export type CulqiChargeInput =
  | { metodo: 'yape'; codigo: string; clave_bloqueo: string; telefono: string; otp: string }
  | { metodo: 'tarjeta'; codigo: string; clave_bloqueo: string; token: string; cuotas?: number | undefined };

/**
 * Pays a reservation with Yape (phone + the app's approval code) or a card token: records the
 * attempt, asks Culqi with no lock held, and on approval sells through the very path a provider's
 * paid notice takes (`applyNotice`, idempotent on the charge id). A refusal leaves the reservation
 * pending with its seats held until it expires (the buyer may try another way); Culqi failing
 * counts against the rail (rails.ts).
 */
export async function payWithCulqi(db: Database, culqi: CulqiProvider, input: CulqiChargeInput, context: CulqiChargeContext): Promise<CulqiCharge> {
  const { now } = context;
  const r = await reservationOf(db, input.codigo, input.clave_bloqueo, now);
  const refusal = unpayable(r, now);
  if (refusal) throw new ConflictError(refusal);
  if (r.total_centimos === 0) throw new ConflictError('points.zeroTotal');
  const monto = r.total_centimos - (await liveHold(db, r.creserva));
  if (monto <= 0) throw new ConflictError('credit.coversAll');
  // Said before the code step too (the methods' answer carries the cap): a Yape above it is refused by the wallet.
  if (input.metodo === 'yape' && monto > YAPE_CAP_CENTIMOS) throw new ConflictError('culqi.yape.tope');
  if ((await hiddenRails(db, now)).has(railOf(input.metodo))) throw new UpstreamError('culqi.metodo.oculto');

  // One charge at a time per reservation: checked and recorded under the reservation's lock, released before Culqi is asked.
  const referencia = `${r.codigo}-${randomBytes(6).toString('hex')}`;
  const cpago = await db.transaction(async (tx) => {
    await salesLocks.reservation(tx, r.creserva);
    const inFlight = await tx
      .select({ cpago: pago.cpago })
      .from(pago)
      .where(and(eq(pago.creserva, r.creserva), eq(pago.proveedor, 'culqi'), inArray(pago.metodo, ['yape', 'tarjeta']), eq(pago.estado, 'iniciado'), gt(pago.creado, new Date(now.getTime() - CHARGE_IN_FLIGHT_MS))));
    if (inFlight.length > 0) throw new ConflictError('culqi.pago.enCurso');
    const [row] = await tx
      .insert(pago)
      .values({ creserva: r.creserva, referencia, proveedor: 'culqi', metodo: input.metodo, estado: 'iniciado', monto_centimos: monto, expira: r.expira, creado: now })
      .returning({ cpago: pago.cpago });
    return row!.cpago;
  });

  const rail = railOf(input.metodo);
  let outcome;
  /** Whether Culqi was asked to charge: a failure before that moved no money. */
  let charging = false;
  try {
    let source: string;
    if (input.metodo === 'yape') {
      const token = await culqi.yapeToken({ telefono: input.telefono, otp: input.otp, montoCentimos: monto });
      if (!token.ok) return await refused(token.code);
      source = token.token;
    } else {
      source = input.token;
    }
    charging = true;
    outcome = await culqi.charge({ referencia, codigo: r.codigo, montoCentimos: monto, email: r.comprador_email, source, ...(input.metodo === 'tarjeta' && input.cuotas ? { cuotas: input.cuotas } : {}) });
  } catch (error) {
    if (!(error instanceof CulqiError) && !(error instanceof PaymentProviderError)) throw error;
    context.log.error(`culqi ${input.metodo} payment ${referencia} failed: ${error.message}`);
    const retryable = !(error instanceof CulqiError) || error.retryable;
    // A charge Culqi may have made (it failed or timed out while charging) stays 'iniciado' for the
    // operator to reconcile, and keeps a second charge out for CHARGE_IN_FLIGHT_MS; otherwise no money moved.
    if (!charging || !retryable) await db.update(pago).set({ estado: 'rechazado' }).where(eq(pago.cpago, cpago));
    if (retryable) await railFailed(db, rail, now);
    throw new UpstreamError('sale.pago.noDisponible');
  }
  if (!outcome.ok) return refused(outcome.code);
  await railWorked(db, rail, now);

  const result = await applyNotice(
    db,
    { proveedor: 'culqi', referencia, operacion: outcome.chargeId, estado: 'pagado', montoCentimos: monto, moneda: 'PEN' },
    { now, secret: context.secret, series: context.series },
  );
  context.log.info(`culqi ${input.metodo} charge ${outcome.chargeId} (${referencia}): ${result}`);
  const [after] = await db.select({ estado: reserva.estado }).from(reserva).where(eq(reserva.creserva, r.creserva));
  return { estado: after?.estado === 'reembolso' ? 'reembolso' : 'pagada', codigo: r.codigo };

  async function refused(code: string): Promise<never> {
    context.log.info(`culqi ${input.metodo} payment ${referencia} refused: ${code}`);
    await db.update(pago).set({ estado: 'rechazado' }).where(eq(pago.cpago, cpago));
    await railWorked(db, rail, now);
    throw new ConflictError(culqiRefusalKey(code));
  }
}

/** `GET /rest/culqi/metodos`: what step 3 offers now, the public key, Yape's cap and its code's life. */
export async function culqiMethods(db: Database, culqi: CulqiProvider, now: Date): Promise<CulqiMethods> {
  const hidden = await hiddenRails(db, now);
  return {
    llave_publica: culqi.publicKey,
    url_tokens: culqi.tokensUrl,
    sandbox: culqi.sandbox,
    metodos: CULQI_METHODS.map((metodo) => ({ metodo, disponible: !hidden.has(railOf(metodo)) })),
    tope_yape_centimos: YAPE_CAP_CENTIMOS,
    vida_codigo_segundos: YAPE_CODE_LIFE_SECONDS,
  };
}
