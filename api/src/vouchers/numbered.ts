/**
 * In-process news that a sale's transaction has committed with a voucher numbered and unsigned:
 * the vouchers' signing loop of this instance listens (sender.ts), so it signs the sale's voucher
 * at once instead of waiting for its next poll, and polls seldom when nothing is sold. Only a
 * nudge: the signer still finds every unsigned voucher by claiming in the database (another
 * instance's, a dead one's), so a nudge missed or sent early costs at most its idle poll.
 */
const listeners = new Set<() => void>();

/** Calls `listener` after each such commit; answers the function that stops it. */
export function onVoucherNumbered(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function voucherNumbered(): void {
  for (const listener of listeners) listener();
}
