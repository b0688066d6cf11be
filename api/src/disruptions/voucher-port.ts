import type { Database } from '../db/client';

/**
 * Issue 34's electronic vouchers, as the refund and cancellation paths need them: when money goes
 * back (or a sale is turned into credit), the sale's voucher is reversed by a credit note (nota de
 * crédito) in the same transaction. The vouchers are built on another branch (`vouchers`); until
 * both land, the app is given no implementation and nothing is issued (`NO_VOUCHERS`). Wire the
 * real one in app.ts (`voucherUndo` option) where this port is passed to `disruptionsRoutes`.
 */
export interface VoucherUndo {
  creditNote(tx: Database, note: { creserva: number; numero: string; montoCentimos: number; motivo: 'reembolso' | 'credito' | 'anulacion' }): Promise<void>;
}

/** No electronic vouchers yet: nothing to reverse. */
export const NO_VOUCHERS: VoucherUndo = { creditNote: async () => undefined };
