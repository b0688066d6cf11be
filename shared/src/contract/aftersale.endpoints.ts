import { DeclarationTicketAnswer, PointsQuoteAnswer, PostponableTicketAnswer, PostponeAnswerSchema, RecoveryAnswerSchema } from '../schemas/aftersale.contract';
import { DeclarationSchema, PointsApplySchema, PointsConfirmSchema, PostponeSchema, RecoverySchema, TicketLookupSchema } from '../schemas/aftersale.schema';
import { ReservationViewAnswer } from '../schemas/sales.contract';
import * as v from 'valibot';
import { SentAnswer } from './accounts.endpoints';
import { endpoint } from './endpoint';

const owner = 'aftersale';
const ticketNotFound = ['aftersale.boleto.noEncontrado'] as const;

export const aftersaleEndpoints = {
  recovery: endpoint({
    method: 'POST', path: '/rest/venta/recovery', module: owner, summary: 'Recover a purchase: mails a code (202), then answers the reservation and a new key', body: RecoverySchema,
    answer: v.union([RecoveryAnswerSchema, SentAnswer]), session: 'none', noStore: true,
    errors: { 400: ['aftersale.verificacion.invalid'], 404: ['sale.reserva.noEncontrada'] },
  }),
  postponableTicket: endpoint({
    method: 'POST', path: '/rest/venta/boleto', module: owner, summary: 'A ticket with what its postponement needs (session, or code and key)', body: TicketLookupSchema, answer: PostponableTicketAnswer, session: 'optional', noStore: true,
    errors: { 401: ['request.unauthorized'], 404: ticketNotFound },
  }),
  postpone: endpoint({
    method: 'POST', path: '/rest/venta/postegarBoletos', module: owner, summary: 'Postpone a ticket to a held seat (201 issued, 200 a difference to pay)', body: PostponeSchema, answer: PostponeAnswerSchema, session: 'optional', noStore: true,
    errors: { 401: ['request.unauthorized'], 404: ticketNotFound, 409: ['postpone.otherRoute', 'postpone.pending', 'postpone.seatNotHeld', 'postpone.tooLate', 'aftersale.boleto.postergado', 'aftersale.boleto.noPagado'] },
  }),
  declarationTicket: endpoint({
    method: 'POST', path: '/rest/declaracion/boleto', module: owner, summary: "A ticket's sworn declaration (session, or code and key)", body: TicketLookupSchema, answer: DeclarationTicketAnswer, session: 'optional', noStore: true,
    errors: { 401: ['request.unauthorized'], 404: ticketNotFound },
  }),
  declaration: endpoint({
    method: 'POST', path: '/rest/declaracion/registrar', module: owner, summary: "Register a ticket's sworn declaration", body: DeclarationSchema, answer: DeclarationTicketAnswer, status: 201, session: 'optional', noStore: true,
    errors: { 401: ['request.unauthorized'], 404: ticketNotFound, 409: ['declaration.exists', 'declaration.tooLate', 'aftersale.boleto.postergado', 'aftersale.boleto.noPagado'] },
  }),
  pointsApply: endpoint({
    method: 'POST', path: '/rest/canje/asociar', module: owner, summary: 'Redeem points on a pending purchase', body: PointsApplySchema, answer: PointsQuoteAnswer, session: 'required', noStore: true,
    errors: { 400: ['points.minimum', 'points.max'], 404: ['sale.reserva.noEncontrada'], 409: ['points.insufficient', 'points.afterReservation', 'points.notZero'] },
  }),
  pointsConfirm: endpoint({
    method: 'POST', path: '/rest/canje/confirmar', module: owner, summary: 'Confirm a purchase its points pay in full', body: PointsConfirmSchema, answer: ReservationViewAnswer, session: 'none', noStore: true,
    errors: { 404: ['sale.reserva.noEncontrada'], 409: ['points.notZero', 'points.insufficient'] },
  }),
} as const;
