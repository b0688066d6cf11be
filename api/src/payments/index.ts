import { clock } from '@rumbo/shared/clock';
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { createCulqi, type CulqiCredentials, type CulqiProvider } from './culqi';
import { createPagoEfectivo, type PagoEfectivoCredentials } from './pagoefectivo';
import { CULQI_SANDBOX_PATH, type CulqiSandboxOptions } from './sandbox/culqi.sandbox';
import type { PaymentProvider } from './provider';
import { createSafetyPay, type SafetyPayCredentials } from './safetypay';
import { SANDBOX_PATHS, type SandboxOptions } from './sandbox/sandbox.routes';

export type { PagoEfectivoCredentials } from './pagoefectivo';
export { CULQI_API_URL, CULQI_SECURE_URL, type CulqiCredentials, type CulqiProvider } from './culqi';
export { culqiSandboxRoutes, type CulqiSandboxOptions } from './sandbox/culqi.sandbox';
export { PAGOEFECTIVO_URL } from './pagoefectivo';
export * from './provider';
export type { SafetyPayCredentials } from './safetypay';
export { SAFETYPAY_URL } from './safetypay';
export { paymentSandboxRoutes, type SandboxOptions } from './sandbox/sandbox.routes';

/** The payment providers' settings, read from the environment by config.ts. */
export interface PaymentsConfig {
  /** Unset: the sandbox stands in for SafetyPay. */
  safetypay?: SafetyPayCredentials;
  /** Unset: the sandbox stands in for PagoEfectivo. */
  pagoefectivo?: PagoEfectivoCredentials;
  /** Whether the sandbox may stand in for a provider without credentials. */
  sandbox: boolean;
  /** Issue 46: Culqi's keys (CULQI_PUBLIC_KEY, CULQI_SECRET_KEY, CULQI_WEBHOOK_SECRET); unset: the stand-in when `culqiSandbox`, else no Culqi. */
  culqi?: CulqiCredentials;
  /** CULQI_SANDBOX=1: the Culqi stand-in (refused in production). */
  culqiSandbox?: boolean;
}

export interface PaymentProviders {
  safetypay: PaymentProvider;
  pagoefectivo: PaymentProvider;
  /**
   * The sandbox's options when it stands in for at least one provider: pass them to buildApp as
   * `paymentSandbox` so its routes are served. Undefined when both providers are real.
   */
  sandbox?: SandboxOptions;
  /** Issue 46: Yape, cards, wallets by QR and Cuotéalo; unset when neither keys nor the stand-in are configured. */
  culqi?: CulqiProvider;
  /** The Culqi stand-in's options when it serves: pass them to buildApp as `culqiSandbox`. */
  culqiSandbox?: CulqiSandboxOptions;
}

export interface PaymentDeps {
  /** The API's origin as browsers and the API itself reach it, e.g. `http://localhost:3001`. */
  apiOrigin: string;
  /**
   * Derives the sandbox's credentials (main.ts passes SESSION_SECRET), so every instance of one
   * shop has the same ones and verifies a notice whichever instance it reaches; unset: random ones.
   */
  sandboxSecret?: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

const secret = () => randomBytes(24).toString('hex');

/** The sandbox's made-up credentials: derived from `sandboxSecret` (the same on every instance), or random. */
export function sandboxCredentials(sandboxSecret?: string): Pick<SandboxOptions, 'safetypay' | 'pagoefectivo'> {
  const make = (name: string) => (sandboxSecret ? createHmac('sha256', sandboxSecret).update(`payment-sandbox:${name}`).digest('hex').slice(0, 48) : secret());
  return {
    safetypay: { apiKey: make('safetypay-api-key'), signatureKey: make('safetypay-signature-key') },
    pagoefectivo: {
      serviceId: sandboxSecret ? 1000 + (parseInt(make('pagoefectivo-service-id').slice(0, 8), 16) % 99_000) : randomInt(1000, 100_000),
      accessKey: make('pagoefectivo-access-key'),
      secretKey: make('pagoefectivo-secret-key'),
    },
  };
}

/**
 * The SafetyPay and PagoEfectivo adapters. A provider with credentials is the real one; one
 * without is served by the sandbox inside the API, with credentials made up at start, through the
 * same adapter (so the sandbox checks exactly what the provider would).
 */
export function createPaymentProviders(config: PaymentsConfig, deps: PaymentDeps): PaymentProviders {
  const fetcher = deps.fetch ?? fetch;
  const now = deps.now ?? (clock.now);
  const origin = deps.apiOrigin.replace(/\/+$/, '');
  if ((!config.safetypay || !config.pagoefectivo) && !config.sandbox) {
    throw new Error('A payment provider has no credentials and the sandbox is off');
  }

  const sandbox: SandboxOptions = {
    apiOrigin: origin,
    ...sandboxCredentials(deps.sandboxSecret),
    fetch: fetcher,
    now,
  };
  const safetypay = config.safetypay
    ? createSafetyPay(config.safetypay, { fetch: fetcher, now, sandbox: false })
    : createSafetyPay({ ...sandbox.safetypay, url: `${origin}${SANDBOX_PATHS.safetypay}` }, { fetch: fetcher, now, sandbox: true });
  const pagoefectivo = config.pagoefectivo
    ? createPagoEfectivo(config.pagoefectivo, { fetch: fetcher, now, sandbox: false })
    : createPagoEfectivo({ ...sandbox.pagoefectivo, url: `${origin}${SANDBOX_PATHS.pagoefectivo}` }, { fetch: fetcher, now, sandbox: true });

  let culqi: CulqiProvider | undefined;
  let culqiSandbox: CulqiSandboxOptions | undefined;
  if (config.culqi) {
    culqi = createCulqi(config.culqi, { fetch: fetcher, now, sandbox: false });
  } else if (config.culqiSandbox) {
    const make = (name: string) => (deps.sandboxSecret ? createHmac('sha256', deps.sandboxSecret).update(`culqi-sandbox:${name}`).digest('hex').slice(0, 32) : secret().slice(0, 32));
    culqiSandbox = {
      publicKey: `pk_test_${make('public')}`,
      secretKey: `sk_test_${make('secret')}`,
      webhookSecret: `culqi:${make('webhook')}`,
      webhookUrl: `${origin}/rest/culqi/notificacion`,
      fetch: fetcher,
      now,
    };
    const base = `${origin}${CULQI_SANDBOX_PATH}`;
    culqi = createCulqi({ publicKey: culqiSandbox.publicKey, secretKey: culqiSandbox.secretKey, webhookSecret: culqiSandbox.webhookSecret, apiUrl: base, secureUrl: base }, { fetch: fetcher, now, sandbox: true });
  }

  return {
    safetypay,
    pagoefectivo,
    sandbox: safetypay.sandbox || pagoefectivo.sandbox ? sandbox : undefined,
    ...(culqi ? { culqi } : {}),
    ...(culqiSandbox ? { culqiSandbox } : {}),
  };
}
