/** Culqi's error object (its API reference, "Errores"): every failed call answers one. */
export interface CulqiErrorObject {
  object: 'error';
  /** card_error, invalid_request_error, parameter_error, authentication_error, limit_api_error, resource_error, api_error. */
  type: string;
  code?: string;
  /** The bank's or wallet's reason of a refused charge (insufficient_funds, expired_card, …). */
  decline_code?: string;
  merchant_message?: string;
  user_message?: string;
  charge_id?: string;
}

/** A Culqi call that failed: `refusal` is set when Culqi answered that the card or wallet refused (not a fault). */
export class CulqiError extends Error {
  override readonly name = 'CulqiError';
  readonly retryable: boolean;
  readonly status: number | null;
  readonly error: Partial<CulqiErrorObject> | null;
  constructor(message: string, options: { retryable?: boolean; status?: number; error?: Partial<CulqiErrorObject> } = {}) {
    super(message);
    this.retryable = options.retryable ?? false;
    this.status = options.status ?? null;
    this.error = options.error ?? null;
  }

  /** The refusal's code when Culqi refused the payment itself (HTTP 402 / card_error): decline_code, else code. */
  get refusal(): string | null {
    if (!this.error) return null;
    if (this.status !== 402 && this.error.type !== 'card_error') return null;
    return this.error.decline_code || this.error.code || 'card_declined';
  }
}
