import { CulqiCardRequestSchema, CulqiChargeAnswer, CulqiMethodsAnswer, CulqiOrderRequestSchema, CulqiYapeRequestSchema, CULQI_REFUSALS } from '../schemas/culqi.schema';
import { PaymentStartAnswer } from '../schemas/sales.contract';
import { endpoint } from './endpoint';

// Issue 46: paying through Culqi (docs/payments-culqi.md). Served by api/src/sales/culqi.routes.ts.
const owner = 'sales';

const unpayable = ['sale.reserva.pagada', 'sale.reserva.anulada', 'sale.reserva.vencida', 'points.zeroTotal', 'credit.coversAll'] as const;
const refusals = [...CULQI_REFUSALS.map((code) => `culqi.rechazo.${code}` as const), 'culqi.rechazo.otro', 'culqi.pago.enCurso'] as const;

export const culqiEndpoints = {
  culqiMethods: endpoint({
    method: 'GET', path: '/rest/culqi/metodos', module: owner, summary: "Culqi's payment methods offered now, its public key, Yape's cap and its code's life", answer: CulqiMethodsAnswer, session: 'none',
    errors: { 404: ['request.notFound'] },
  }),
  culqiYape: endpoint({
    method: 'POST', path: '/rest/culqi/yape', module: owner, summary: "Pay a reservation with Yape (the phone and the app's 6-digit approval code)", body: CulqiYapeRequestSchema, answer: CulqiChargeAnswer, session: 'none', noStore: true,
    errors: { 404: ['request.notFound', 'sale.reserva.noEncontrada'], 409: [...unpayable, 'culqi.yape.tope', ...refusals], 502: ['sale.pago.noDisponible', 'culqi.metodo.oculto'] },
  }),
  culqiCard: endpoint({
    method: 'POST', path: '/rest/culqi/tarjeta', module: owner, summary: "Pay a reservation with a card token made by Culqi's checkout in the browser", body: CulqiCardRequestSchema, answer: CulqiChargeAnswer, session: 'none', noStore: true,
    errors: { 404: ['request.notFound', 'sale.reserva.noEncontrada'], 409: [...unpayable, ...refusals], 502: ['sale.pago.noDisponible', 'culqi.metodo.oculto'] },
  }),
  culqiOrder: endpoint({
    method: 'POST', path: '/rest/culqi/orden', module: owner, summary: 'A Culqi order paid by a wallet QR (Plin, Yape, bank apps) or with Cuotéalo, confirmed by webhook', body: CulqiOrderRequestSchema, answer: PaymentStartAnswer, session: 'none', noStore: true,
    errors: { 400: ['sale.pago.sitio'], 404: ['request.notFound', 'sale.reserva.noEncontrada'], 409: unpayable, 502: ['sale.pago.noDisponible', 'culqi.metodo.oculto'] },
  }),
  culqiNotice: endpoint({
    method: 'POST', path: '/rest/culqi/notificacion', module: owner, summary: "Culqi's webhook order.status.changed (Basic credentials; the order is read back from Culqi)", produces: 'text/plain', session: 'none',
    errors: { 401: ['request.unauthorized'], 404: ['request.notFound'], 502: ['sale.pago.noDisponible'] },
  }),
} as const;
