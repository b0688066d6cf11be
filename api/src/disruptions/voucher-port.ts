import type { Database } from '../db/client';

/**
 * Issue 34's electronic vouchers, as the refund and cancellation paths need them: when money goes
 * back (or a sale is turned into credit), the sale's voucher is reversed by a credit note (nota de
 * crédito) for what goes back, in the same transaction. The implementation is the vouchers
 * module's (`vouchers/undo.ts`).
 */
export interface VoucherUndo {
  creditNote(tx: Database, note: { creserva: number; numero: string; montoCentimos: number; motivo: 'reembolso' | 'credito' | 'anulacion' }): Promise<void>;
}
