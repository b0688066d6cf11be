import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import type { VoucherUndo } from '../disruptions/voucher-port';
import { issueCreditNote, saleVouchersOf } from './issue';
import { CREDIT_REASON, DOCUMENT } from './rules';
import type { VoucherSeries } from './rules';
import { comprobante } from './vouchers.tables';

/** The credit note's reason line (a legal document: in Spanish, whatever the purchase's language). */
const DESCRIPTION = {
  reembolso: (numero: string) => `Devolución del boleto ${numero}`,
  credito: (numero: string) => `Devolución del boleto ${numero} como crédito de viaje`,
  anulacion: (numero: string) => `Anulación del boleto ${numero}`,
} as const;

/**
 * Refunds and cancellations (issue 35) reverse what goes back with credit notes on the sale's
 * valid vouchers, oldest first, in the caller's transaction. Catálogo 09: '06' devolución total or
 * '01' anulación de la operación when a voucher is credited whole, '07' devolución por ítem when
 * part of it is (one ticket of several, or a fee kept). A sale without a voucher (paid before
 * vouchers, or wholly with points) has nothing to reverse.
 */
export function voucherUndo(series: VoucherSeries | undefined, now: () => Date): VoucherUndo {
  return {
    async creditNote(tx: Database, { creserva, numero, montoCentimos, motivo }) {
      let left = montoCentimos;
      for (const voucher of await saleVouchersOf(tx, creserva)) {
        if (left <= 0) return;
        const [credited] = await queryRows<{ total: number }>(tx, sql`
          select coalesce(sum(total_centimos), 0)::int as total from ${comprobante}
          where ${and(eq(comprobante.ccomprobante_origen, voucher.ccomprobante), eq(comprobante.tipo, DOCUMENT.notaCredito))}`);
        const open = voucher.total_centimos - Number(credited?.total ?? 0);
        const amount = Math.min(open, left);
        if (amount <= 0) continue;
        const whole = amount === open;
        const reason = whole ? (motivo === 'anulacion' ? CREDIT_REASON.anulacion : CREDIT_REASON.devolucionTotal) : CREDIT_REASON.devolucionItem;
        await issueCreditNote(tx, { ccomprobante: voucher.ccomprobante, amountCentimos: amount, reason, description: DESCRIPTION[motivo](numero) }, { now: now(), series });
        left -= amount;
      }
    },
  };
}
