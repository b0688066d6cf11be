import { ReservationViewAnswer } from '../schemas/sales.contract';
import { BoardingAnswer, BoardingSchema, CancelTicketSchema, ChoiceAnswer, CreditAnswer, CreditApplySchema, CreditAppliedAnswer, CreditPaySchema, OperatorRefundsAnswer, OperatorRefundsQuery, PurchaseCreditSchema, TicketChangesAnswer, TicketChangesSchema, TransferTicketSchema, DisruptionAnswer, DisruptionRefundSchema, DisruptionSchema, DisruptionTicketAnswer, DisruptionTicketSchema, RebookSchema } from '../schemas/disruption.schema';
import { endpoint } from './endpoint';

const owner = 'disruptions';
const link = { 400: ['disruption.link.invalid'] as const, 404: ['aftersale.boleto.noEncontrado'] as const };

/**
 * Issue 35: an operator declares a disruption (`session: 'operator'`); the holder of an affected
 * ticket reads it and chooses through the signed, expiring link mailed per ticket (no session).
 */
export const disruptionsEndpoints = {
  declareDisruption: endpoint({
    method: 'POST', path: '/rest/operador/incidencia', module: owner, summary: 'Declare a delay or a cancellation of a trip or stretch (operators); every holder is told once', body: DisruptionSchema,
    answer: DisruptionAnswer, session: 'operator', noStore: true,
    errors: { 404: ['disruption.viaje.noEncontrado'] },
  }),
  disruptionTicket: endpoint({
    method: 'POST', path: '/rest/incidencia/boleto', module: owner, summary: "An affected ticket, its disruption and its choices (the mailed link's token)", body: DisruptionTicketSchema,
    answer: DisruptionTicketAnswer, session: 'none', noStore: true, errors: link,
  }),
  rebook: endpoint({
    method: 'POST', path: '/rest/incidencia/reprogramar', module: owner, summary: 'Rebook an affected ticket free on another trip of its stretch (once)', body: RebookSchema,
    answer: ChoiceAnswer, session: 'none', noStore: true,
    errors: { ...link, 409: ['disruption.sinDerecho', 'disruption.yaElegido', 'disruption.viaje.noValido', 'disruption.sinAsientos'] },
  }),
  disruptionRefund: endpoint({
    method: 'POST', path: '/rest/incidencia/reembolso', module: owner, summary: 'Refund an affected ticket to its payment or as travel credit (once)', body: DisruptionRefundSchema,
    answer: ChoiceAnswer, session: 'none', noStore: true,
    errors: { ...link, 409: ['disruption.sinDerecho', 'disruption.yaElegido'] },
  }),
  credit: endpoint({
    method: 'GET', path: '/rest/user/credito', module: owner, summary: "The customer's travel credit and its movements", answer: CreditAnswer, session: 'required', noStore: true,
  }),
  creditPay: endpoint({
    method: 'POST', path: '/rest/credito/pagar', module: owner, summary: 'Pay a pending reservation in full with travel credit (the customer’s, or a guest purchase’s)', body: CreditPaySchema,
    answer: ReservationViewAnswer, session: 'optional', noStore: true,
    errors: { 401: ['request.unauthorized'], 404: ['sale.reserva.noEncontrada'], 409: ['credit.insufficient', 'sale.reserva.pagada', 'sale.reserva.vencida', 'sale.reserva.anulada'] },
  }),
  creditApply: endpoint({
    method: 'POST', path: '/rest/credito/aplicar', module: owner, summary: 'Put travel credit on a pending reservation as part of its payment (the rest through a provider); 0 takes it off', body: CreditApplySchema,
    answer: CreditAppliedAnswer, session: 'optional', noStore: true,
    errors: { 401: ['request.unauthorized'], 404: ['sale.reserva.noEncontrada'], 409: ['sale.reserva.pagada', 'sale.reserva.vencida', 'sale.reserva.anulada'] },
  }),
  purchaseCredit: endpoint({
    method: 'POST', path: '/rest/credito/compra', module: owner, summary: "A guest purchase's travel credit and its movements (its code and purchase or recovery key)", body: PurchaseCreditSchema,
    answer: CreditAnswer, session: 'none', noStore: true, errors: { 404: ['sale.reserva.noEncontrada'] },
  }),
  ticketChanges: endpoint({
    method: 'POST', path: '/rest/venta/cambios', module: owner, summary: 'What cancelling or transferring a ticket would do now: limits and fees (session, or code and key)', body: TicketChangesSchema,
    answer: TicketChangesAnswer, session: 'optional', noStore: true, errors: { 401: ['request.unauthorized'], 404: ['aftersale.boleto.noEncontrado'] },
  }),
  cancelTicket: endpoint({
    method: 'POST', path: '/rest/venta/anular', module: owner, summary: 'Cancel a ticket for a refund less the fee, or travel credit (once)', body: CancelTicketSchema,
    answer: ChoiceAnswer, session: 'optional', noStore: true,
    errors: { 401: ['request.unauthorized'], 404: ['aftersale.boleto.noEncontrado'], 409: ['change.tooLate', 'change.notValid', 'change.disrupted', 'disruption.yaElegido'] },
  }),
  transferTicket: endpoint({
    method: 'POST', path: '/rest/venta/transferir', module: owner, summary: "Transfer a ticket to another passenger: a new ticket and QR, the old one void (once)", body: TransferTicketSchema,
    answer: ChoiceAnswer, session: 'optional', noStore: true,
    errors: { 401: ['request.unauthorized'], 404: ['aftersale.boleto.noEncontrado'], 409: ['change.tooLate', 'change.notValid', 'change.minor', 'change.disrupted', 'disruption.yaElegido', 'change.yaTransferido'] },
  }),
  operatorRefunds: endpoint({
    method: 'GET', path: '/rest/operador/reembolsos', module: owner, summary: 'Refunds by state (by default those not done: pending, retried in the background, or left to the operator)', query: OperatorRefundsQuery,
    answer: OperatorRefundsAnswer, session: 'operator', noStore: true,
  }),
  boarding: endpoint({
    method: 'POST', path: '/rest/operador/abordaje', module: owner, summary: "Whether a ticket's QR boards: signed by the store and its ticket still valid (operators)", body: BoardingSchema,
    answer: BoardingAnswer, session: 'operator', noStore: true,
  }),
} as const;
