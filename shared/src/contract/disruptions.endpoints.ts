import { ChoiceAnswer, DisruptionAnswer, DisruptionRefundSchema, DisruptionSchema, DisruptionTicketAnswer, DisruptionTicketSchema, RebookSchema } from '../schemas/disruption.schema';
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
} as const;
