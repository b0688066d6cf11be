import * as v from 'valibot';
import { purchaseKey, reservationCode } from './sales.contract';

/**
 * Issue 46: paying through Culqi (docs/payments-culqi.md): Yape with the app's approval code,
 * cards tokenized by Culqi (card data never reaches the API), wallets by QR and Cuotéalo through a
 * Culqi order confirmed by its webhook. Schemas shared by step 3 / the reservation page and the API.
 */

/** The ways Culqi takes money here: `yape` (phone + code, charged at once), `tarjeta` (token), `billetera` (QR order: Plin, Yape, bank apps), `cuotealo` (instalments, an order). */
export const CULQI_METHODS = ['yape', 'tarjeta', 'billetera', 'cuotealo'] as const;
export type CulqiMethod = (typeof CULQI_METHODS)[number];

/**
 * Yape refuses a payment above the buyer's own cap (S/ 500, 900 or 2,000, set in the Yape app);
 * the lowest is the one every buyer has, so a purchase above it is told before the code step.
 */
export const YAPE_CAP_CENTIMOS = 50_000;
/** The Yape app's approval code lives 2 minutes. */
export const YAPE_CODE_LIFE_SECONDS = 120;

/** A Peruvian mobile number as Yape knows it: 9 digits starting with 9. */
export const yapePhone = v.pipe(v.string('culqi.telefono.invalid'), v.trim(), v.regex(/^9\d{8}$/, 'culqi.telefono.invalid'));
/** The approval code the Yape app shows: 6 digits. */
export const yapeCode = v.pipe(v.string('culqi.otp.invalid'), v.trim(), v.regex(/^\d{6}$/, 'culqi.otp.invalid'));

/** `POST /rest/culqi/yape`: pay a reservation with Yape (the code from the buyer's app). */
export const CulqiYapeRequestSchema = v.object({
  codigo: reservationCode,
  clave_bloqueo: purchaseKey,
  telefono: yapePhone,
  otp: yapeCode,
});

/** `POST /rest/culqi/tarjeta`: pay with a card token Culqi's checkout made in the browser (`tkn_test_…`/`tkn_live_…`). */
export const CulqiCardRequestSchema = v.object({
  codigo: reservationCode,
  clave_bloqueo: purchaseKey,
  token: v.pipe(v.string('culqi.token.invalid'), v.regex(/^tkn_(test|live)_[A-Za-z0-9]{8,64}$/, 'culqi.token.invalid')),
  /** Card instalments (0: none). */
  cuotas: v.optional(v.pipe(v.number('culqi.cuotas.invalid'), v.integer('culqi.cuotas.invalid'), v.minValue(0, 'culqi.cuotas.invalid'), v.maxValue(36, 'culqi.cuotas.invalid'))),
});

/**
 * The card form of the reservation page, checked in the browser before the card goes to Culqi's
 * tokens endpoint (never to the API, which only sees the token: Culqi checks the card again).
 */
export const CulqiCardFormSchema = v.object({
  numero: v.pipe(v.string('culqi.tarjeta.numero'), v.transform((s) => s.replace(/[\s-]/g, '')), v.regex(/^\d{13,19}$/, 'culqi.tarjeta.numero')),
  vence: v.pipe(v.string('culqi.tarjeta.vence'), v.trim(), v.regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'culqi.tarjeta.vence')),
  cvv: v.pipe(v.string('culqi.tarjeta.cvv'), v.trim(), v.regex(/^\d{3,4}$/, 'culqi.tarjeta.cvv')),
});

/** `POST /rest/culqi/orden`: a Culqi order paid by a wallet's QR or with Cuotéalo, confirmed by webhook. */
export const CulqiOrderRequestSchema = v.object({
  codigo: reservationCode,
  clave_bloqueo: purchaseKey,
  metodo: v.picklist(['billetera', 'cuotealo'], 'sale.metodo.required'),
});

/** `GET /rest/culqi/metodos`: what step 3 offers now. */
export const CulqiMethodsAnswer = v.object({
  /** The public key Culqi's checkout tokenizes cards with (a stand-in's when `sandbox`). */
  llave_publica: v.string(),
  /** Where the browser tokenizes a card with the public key (Culqi's `POST /v2/tokens`, or the stand-in's): card data never reaches the API. */
  url_tokens: v.string(),
  sandbox: v.boolean(),
  /** Each method and whether it is offered now (a rail failing again and again is hidden for a while). */
  metodos: v.array(v.object({ metodo: v.picklist(CULQI_METHODS), disponible: v.boolean() })),
  tope_yape_centimos: v.number(),
  vida_codigo_segundos: v.number(),
});
export type CulqiMethods = v.InferOutput<typeof CulqiMethodsAnswer>;

/** Answer of a charge that went through: the reservation is paid (tickets issued). */
export const CulqiChargeAnswer = v.object({
  estado: v.picklist(['pagada', 'reembolso']),
  codigo: v.string(),
});
export type CulqiCharge = v.InferOutput<typeof CulqiChargeAnswer>;

/** Culqi's main refusal codes (`code`/`decline_code` of its error object) and the message each shows. */
export const CULQI_REFUSALS = [
  'insufficient_funds',
  'expired_card',
  'stolen_card',
  'lost_card',
  'contact_issuer',
  'invalid_cvv',
  'incorrect_cvv',
  'too_many_attempts_cvv',
  'issuer_not_available',
  'issuer_decline_operation',
  'invalid_card',
  'processing_error',
  'fraudulent',
  'culqi_card',
  'card_declined',
  'yape_otp_invalid',
  'yape_otp_expired',
  'yape_limit_exceeded',
] as const;
export type CulqiRefusal = (typeof CULQI_REFUSALS)[number];

/** Messages of Culqi payments, spread into `validationMessages`. */
export const culqiMessages = {
  'es-PE': {
    'culqi.telefono.invalid': 'Digite el celular de su Yape: 9 dígitos que empiezan con 9',
    'culqi.otp.invalid': 'Digite el código de aprobación de 6 dígitos que muestra su app Yape',
    'culqi.token.invalid': 'No se pudo leer la tarjeta. Vuelva a ingresarla.',
    'culqi.tarjeta.numero': 'Digite el número de la tarjeta (13 a 19 dígitos)',
    'culqi.tarjeta.vence': 'Digite el vencimiento como MM/AA',
    'culqi.tarjeta.cvv': 'Digite el código de seguridad de 3 o 4 dígitos',
    'culqi.cuotas.invalid': 'Elija un número de cuotas válido',
    'culqi.yape.tope': 'Yape no acepta pagos de más de S/ 500 en una operación para la mayoría de usuarios: pague con otro medio',
    'culqi.metodo.oculto': 'Este medio de pago falla en este momento: elija otro de los disponibles',
    'culqi.pago.enCurso': 'Ya hay un pago en curso para esta compra. Espere su resultado antes de intentar otra vez.',
    'culqi.rechazo.insufficient_funds': 'Su banco rechazó el pago: fondos insuficientes. Pruebe con otra tarjeta u otro medio.',
    'culqi.rechazo.expired_card': 'La tarjeta está vencida. Use otra tarjeta.',
    'culqi.rechazo.stolen_card': 'El banco rechazó la tarjeta. Comuníquese con su banco o use otro medio.',
    'culqi.rechazo.lost_card': 'El banco rechazó la tarjeta. Comuníquese con su banco o use otro medio.',
    'culqi.rechazo.contact_issuer': 'Su banco no autorizó el pago. Comuníquese con su banco o use otro medio.',
    'culqi.rechazo.invalid_cvv': 'El código de seguridad (CVV) no es correcto. Revíselo e inténtelo de nuevo.',
    'culqi.rechazo.incorrect_cvv': 'El código de seguridad (CVV) no es correcto. Revíselo e inténtelo de nuevo.',
    'culqi.rechazo.too_many_attempts_cvv': 'Demasiados intentos con un CVV incorrecto. Use otra tarjeta.',
    'culqi.rechazo.issuer_not_available': 'Su banco no responde en este momento. Inténtelo en unos minutos o use otro medio.',
    'culqi.rechazo.issuer_decline_operation': 'Su banco no permite este tipo de compra con la tarjeta. Use otro medio.',
    'culqi.rechazo.invalid_card': 'La tarjeta no es válida para esta compra. Use otra tarjeta.',
    'culqi.rechazo.processing_error': 'No se pudo procesar el pago. Inténtelo de nuevo o use otro medio.',
    'culqi.rechazo.fraudulent': 'El pago no fue autorizado. Use otro medio de pago.',
    'culqi.rechazo.culqi_card': 'El pago no fue autorizado. Use otro medio de pago.',
    'culqi.rechazo.card_declined': 'Su banco rechazó el pago. Pruebe con otra tarjeta u otro medio.',
    'culqi.rechazo.yape_otp_invalid': 'El código de aprobación de Yape no es correcto. Genere uno nuevo en su app e inténtelo otra vez.',
    'culqi.rechazo.yape_otp_expired': 'El código de aprobación de Yape venció (dura 2 minutos). Genere uno nuevo en su app.',
    'culqi.rechazo.yape_limit_exceeded': 'El monto supera el límite de su Yape. Elija otro medio de pago.',
    'culqi.rechazo.otro': 'El pago no fue autorizado. Sus asientos siguen separados hasta que venza la reserva: inténtelo con otro medio.',
    'culqi.reembolso.noDisponible': 'Este medio de pago no permite devolver el dinero automáticamente: recibirá saldo a favor o una transferencia que gestiona nuestro equipo',
  },
  'en-EN': {
    'culqi.telefono.invalid': 'Enter your Yape mobile number: 9 digits starting with 9',
    'culqi.otp.invalid': 'Enter the 6-digit approval code your Yape app shows',
    'culqi.token.invalid': 'The card could not be read. Please enter it again.',
    'culqi.tarjeta.numero': 'Enter the card number (13 to 19 digits)',
    'culqi.tarjeta.vence': 'Enter the expiry as MM/YY',
    'culqi.tarjeta.cvv': 'Enter the 3- or 4-digit security code',
    'culqi.cuotas.invalid': 'Choose a valid number of instalments',
    'culqi.yape.tope': 'Yape does not take payments above S/ 500 in one operation for most users: please pay another way',
    'culqi.metodo.oculto': 'This payment method is failing right now: choose one of those available',
    'culqi.pago.enCurso': 'A payment for this purchase is already under way. Wait for its result before trying again.',
    'culqi.rechazo.insufficient_funds': 'Your bank declined the payment: insufficient funds. Try another card or method.',
    'culqi.rechazo.expired_card': 'The card has expired. Use another card.',
    'culqi.rechazo.stolen_card': 'The bank declined the card. Contact your bank or use another method.',
    'culqi.rechazo.lost_card': 'The bank declined the card. Contact your bank or use another method.',
    'culqi.rechazo.contact_issuer': 'Your bank did not authorise the payment. Contact your bank or use another method.',
    'culqi.rechazo.invalid_cvv': 'The security code (CVV) is not right. Check it and try again.',
    'culqi.rechazo.incorrect_cvv': 'The security code (CVV) is not right. Check it and try again.',
    'culqi.rechazo.too_many_attempts_cvv': 'Too many tries with a wrong CVV. Use another card.',
    'culqi.rechazo.issuer_not_available': 'Your bank is not answering right now. Try again in a few minutes or use another method.',
    'culqi.rechazo.issuer_decline_operation': 'Your bank does not allow this kind of purchase with the card. Use another method.',
    'culqi.rechazo.invalid_card': 'The card is not valid for this purchase. Use another card.',
    'culqi.rechazo.processing_error': 'The payment could not be processed. Try again or use another method.',
    'culqi.rechazo.fraudulent': 'The payment was not authorised. Use another payment method.',
    'culqi.rechazo.culqi_card': 'The payment was not authorised. Use another payment method.',
    'culqi.rechazo.card_declined': 'Your bank declined the payment. Try another card or method.',
    'culqi.rechazo.yape_otp_invalid': 'The Yape approval code is not right. Make a new one in your app and try again.',
    'culqi.rechazo.yape_otp_expired': 'The Yape approval code has expired (it lasts 2 minutes). Make a new one in your app.',
    'culqi.rechazo.yape_limit_exceeded': 'The amount is above your Yape limit. Choose another payment method.',
    'culqi.rechazo.otro': 'The payment was not authorised. Your seats stay held until the reservation expires: try another method.',
    'culqi.reembolso.noDisponible': 'This payment method cannot pay money back automatically: you will get travel credit or a transfer our team arranges',
  },
} as const;

/** The i18n key of a Culqi refusal code (an unknown code reads as the generic one). */
export function culqiRefusalKey(code: string | null | undefined): `culqi.rechazo.${CulqiRefusal | 'otro'}` {
  return (CULQI_REFUSALS as readonly string[]).includes(code ?? '') ? (`culqi.rechazo.${code as CulqiRefusal}` as const) : 'culqi.rechazo.otro';
}
