import {
  AffectedAnswer,
  IncidentAnswer,
  IncidentNoticeAnswer,
  IncidentNoticeSchema,
  IncidentReportSchema,
  IncidentSchema,
  IncidentsAnswer,
  CloseAccountAnswer, CloseAccountCodeSchema, WhatsAppCodeSchema, WhatsAppPhoneAnswer, CloseAccountSchema, CloseCodeSentAnswer, ConsentChangeSchema, ConsentsAnswer, MyDataAnswer, PurchaseDataAnswer, PurchaseErasedAnswer } from '../schemas/privacy.schema';
import { ReservationLookupSchema } from '../schemas/sales.contract';
import { endpoint } from './endpoint';

const owner = 'privacy';

/** Issue 47: the customer's data rights (api/src/privacy): consents, the download of one's data, closing the account. */
export const privacyEndpoints = {
  consents: endpoint({ method: 'GET', path: '/rest/user/consentimientos', module: owner, summary: "The customer's consents per channel and purpose, and their history", answer: ConsentsAnswer, session: 'required', noStore: true }),
  consentChange: endpoint({
    method: 'POST', path: '/rest/user/consentimientos', module: owner, summary: 'Give or withdraw one consent (a channel for a purpose)', body: ConsentChangeSchema, answer: ConsentsAnswer, session: 'required', noStore: true,
    errors: { 400: ['privacy.version.stale'] },
  }),
  myData: endpoint({ method: 'GET', path: '/rest/user/datos', module: owner, summary: 'Every record the store holds about the customer (access and portability)', answer: MyDataAnswer, session: 'required', noStore: true }),
  closeAccount: endpoint({
    method: 'POST', path: '/rest/user/cerrar', module: owner, summary: 'Close the account: erase or anonymise what no law keeps, end every session', body: CloseAccountSchema, answer: CloseAccountAnswer, session: 'required', noStore: true,
    errors: { 400: ['privacy.clave.wrong', 'privacy.clave.none'] },
  }),
  closeAccountCode: endpoint({
    method: 'POST', path: '/rest/user/cerrar/codigo', module: owner, summary: "Mail a code that confirms closing the account to the account's address", answer: CloseCodeSentAnswer, status: 202, session: 'required', noStore: true,
  }),
  closeAccountWithCode: endpoint({
    method: 'POST', path: '/rest/user/cerrar/verificar', module: owner, summary: 'Close the account with the mailed code: erase or anonymise what no law keeps, end every session', body: CloseAccountCodeSchema, answer: CloseAccountAnswer, session: 'required', noStore: true,
    errors: { 400: ['privacy.codigo.invalid'] },
  }),
  whatsappPhone: endpoint({
    method: 'GET', path: '/rest/user/whatsapp', module: owner, summary: "The account's phone for WhatsApp (masked) and whether it was confirmed", answer: WhatsAppPhoneAnswer, session: 'required', noStore: true,
  }),
  whatsappPhoneCode: endpoint({
    method: 'POST', path: '/rest/user/whatsapp/codigo', module: owner, summary: "Send a code by WhatsApp to the account's mobile, to confirm it before any other message goes there", answer: CloseCodeSentAnswer, status: 202, session: 'required', noStore: true,
    errors: { 409: ['whatsapp.telefono.none', 'whatsapp.unavailable'] },
  }),
  whatsappPhoneConfirm: endpoint({
    method: 'POST', path: '/rest/user/whatsapp/verificar', module: owner, summary: 'Confirm the account\'s mobile for WhatsApp with the code sent to it', body: WhatsAppCodeSchema, answer: WhatsAppPhoneAnswer, session: 'required', noStore: true,
    errors: { 400: ['privacy.codigo.invalid'] },
  }),
  purchaseData: endpoint({
    method: 'POST', path: '/rest/venta/datos', module: owner, summary: "A purchase's records for whoever holds its key (a guest's access and portability)", body: ReservationLookupSchema, answer: PurchaseDataAnswer, session: 'none', noStore: true,
    errors: { 404: ['sale.reserva.noEncontrada'] },
  }),
  purchaseErase: endpoint({
    method: 'POST', path: '/rest/venta/borrar', module: owner, summary: "Erase a past guest purchase's personal data with its key (its vouchers stay as issued)", body: ReservationLookupSchema, answer: PurchaseErasedAnswer, session: 'none', noStore: true,
    errors: { 404: ['sale.reserva.noEncontrada'], 409: ['privacy.compra.cuenta', 'privacy.compra.pendiente'] },
  }),
  incidentCreate: endpoint({
    method: 'POST', path: '/rest/operador/incidentes', module: owner, summary: 'Record a security incident: what happened, the window of exposure, the kinds of data, when it was detected', body: IncidentSchema, answer: IncidentAnswer, status: 201, session: 'operator', noStore: true,
  }),
  incidents: endpoint({ method: 'GET', path: '/rest/operador/incidentes', module: owner, summary: 'Security incidents, newest first, each with its 48-hour term and what was reported', answer: IncidentsAnswer, session: 'operator', noStore: true }),
  incidentAffected: endpoint({
    method: 'GET', path: '/rest/operador/incidentes/:id/afectados', module: owner, summary: "Who is affected: the customers whose data of the incident's kinds were written in its window", answer: AffectedAnswer, session: 'operator', noStore: true,
    errors: { 404: ['request.notFound'] },
  }),
  incidentNotice: endpoint({
    method: 'POST', path: '/rest/operador/incidentes/:id/aviso', module: owner, summary: 'Mail the notice to every affected customer in their language, through the outbox, once each', body: IncidentNoticeSchema, answer: IncidentNoticeAnswer, status: 202, session: 'operator', noStore: true,
    errors: { 404: ['request.notFound'] },
  }),
  incidentReport: endpoint({
    method: 'POST', path: '/rest/operador/incidentes/:id/comunicado', module: owner, summary: 'Record that the incident was reported to the ANPD or the national digital-security centre (CNSD)', body: IncidentReportSchema, answer: IncidentAnswer, session: 'operator', noStore: true,
    errors: { 404: ['request.notFound'] },
  }),
} as const;
