import type { Language } from '@rumbo/shared/schemas';

/** The sandbox's provider pages, in the customer's language (SafetyPay's `Language`, PagoEfectivo's `Accept-Language`). */
export const SANDBOX_TEXTS = {
  'es-PE': {
    sandboxNotice: 'Entorno de pruebas: no se cobra dinero real. Esta página imita al proveedor de pagos.',
    merchant: 'Comercio',
    amount: 'Importe',
    code: 'Código de pago',
    reference: 'Referencia',
    method: 'Medio de pago',
    expires: 'Vence',
    methods: { 'CHANNEL(CC)': 'Tarjeta', 'CHANNEL(OL)': 'Banca por internet', 'CHANNEL(WP)': 'Efectivo', '': 'Todos' } as Record<string, string>,
    safetypay: {
      title: 'Pagar con SafetyPay',
      intro: 'Revise el importe y el código de su reserva, luego apruebe o rechace el pago.',
      approve: 'Aprobar el pago',
      decline: 'Rechazar el pago',
    },
    pagoefectivo: {
      title: 'Su código de pago CIP',
      intro: 'Pague este CIP en cualquier agente, agencia bancaria o banca móvil antes de que venza.',
      cip: 'Código CIP',
      pay: 'Simular el pago en un agente',
      expire: 'Simular el vencimiento del CIP',
      back: 'Volver a la tienda',
    },
    done: { pagado: 'El pago fue aprobado.', rechazado: 'El pago fue rechazado.', vencido: 'Este CIP venció.' },
    continue: 'Volver a la tienda',
    problem: 'No se puede continuar con el pago',
    notFound: 'Este enlace de pago no existe o ya no es válido.',
    expired: 'Este enlace de pago venció. Vuelva a la tienda para intentarlo de nuevo.',
    undelivered: 'La tienda no confirmó el aviso de pago. Inténtelo de nuevo en un momento.',
    retry: 'Reintentar',
  },
  'en-EN': {
    sandboxNotice: 'Test environment: no real money is charged. This page imitates the payment provider.',
    merchant: 'Merchant',
    amount: 'Amount',
    code: 'Payment code',
    reference: 'Reference',
    method: 'Payment method',
    expires: 'Expires',
    methods: { 'CHANNEL(CC)': 'Card', 'CHANNEL(OL)': 'Online banking', 'CHANNEL(WP)': 'Cash', '': 'All' } as Record<string, string>,
    safetypay: {
      title: 'Pay with SafetyPay',
      intro: 'Check the amount and your reservation code, then approve or decline the payment.',
      approve: 'Approve the payment',
      decline: 'Decline the payment',
    },
    pagoefectivo: {
      title: 'Your CIP payment code',
      intro: 'Pay this CIP at any agent, bank branch or mobile banking app before it expires.',
      cip: 'CIP code',
      pay: 'Simulate the payment at an agent',
      expire: 'Simulate the CIP expiring',
      back: 'Back to the store',
    },
    done: { pagado: 'The payment was approved.', rechazado: 'The payment was declined.', vencido: 'This CIP has expired.' },
    continue: 'Back to the store',
    problem: 'The payment cannot continue',
    notFound: 'This payment link does not exist or is no longer valid.',
    expired: 'This payment link has expired. Go back to the store to try again.',
    undelivered: 'The store did not confirm the payment notice. Try again in a moment.',
    retry: 'Try again',
  },
} satisfies Record<Language, unknown>;

export type SandboxTexts = (typeof SANDBOX_TEXTS)['es-PE'];
