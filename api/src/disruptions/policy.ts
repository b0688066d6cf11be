import { DISRUPTION_RIGHT_DELAY_MIN, REBOOK_WITHIN_DAYS } from '@rumbo/shared/schemas';

/**
 * The operator's rules for changes after the sale (issue 35). Defaults: DECISIONS.md, third round;
 * each can be set from the environment (config.ts, CHANGE_* variables).
 */
export interface ChangePolicy {
  /** A delay longer than this (minutes) gives the right to rebook or a refund; a cancellation always does. */
  rightDelayMin: number;
  /** A free rebooking goes to a trip leaving within this many days of the original departure. */
  rebookDays: number;
  /** Percent added to a disruption's refund taken as travel credit. */
  creditBonusPct: number;
  /** Travel credit can be spent for this many months. */
  creditMonths: number;
  /** A customer may cancel a ticket until this many hours before its boarding stop... */
  cancelHours: number;
  /** ...for a refund of the price less this percent (or credit of the full price). */
  cancelFeePct: number;
  /** A ticket may be transferred to another passenger, free, until this many hours before its boarding stop. */
  transferHours: number;
}

export const DEFAULT_POLICY: ChangePolicy = {
  rightDelayMin: DISRUPTION_RIGHT_DELAY_MIN,
  rebookDays: REBOOK_WITHIN_DAYS,
  creditBonusPct: 10,
  creditMonths: 12,
  cancelHours: 6,
  cancelFeePct: 10,
  transferHours: 3,
};

/** The policy from CHANGE_* variables (unset: the default); throws on a value out of range. */
export function policyFromEnv(env: Record<string, string | undefined>): ChangePolicy {
  const read = (name: string, fallback: number, max: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > max) throw new Error(`${name} must be a whole number from 0 to ${max}`);
    return value;
  };
  return {
    rightDelayMin: read('CHANGE_RIGHT_DELAY_MIN', DEFAULT_POLICY.rightDelayMin, 2880),
    rebookDays: read('CHANGE_REBOOK_DAYS', DEFAULT_POLICY.rebookDays, 365),
    creditBonusPct: read('CHANGE_CREDIT_BONUS_PCT', DEFAULT_POLICY.creditBonusPct, 100),
    creditMonths: read('CHANGE_CREDIT_MONTHS', DEFAULT_POLICY.creditMonths, 60),
    cancelHours: read('CHANGE_CANCEL_HOURS', DEFAULT_POLICY.cancelHours, 720),
    cancelFeePct: read('CHANGE_CANCEL_FEE_PCT', DEFAULT_POLICY.cancelFeePct, 100),
    transferHours: read('CHANGE_TRANSFER_HOURS', DEFAULT_POLICY.transferHours, 720),
  };
}
