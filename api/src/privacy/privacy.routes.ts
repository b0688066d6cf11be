import { endpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { sessionResolver } from '../accounts/accounts.routes';
import type { Database } from '../db/client';
import * as v from 'valibot';
import { ConflictError, NotFoundError } from '../errors';
import { route } from '../http/endpoint';
import { operatorResolver, type OperatorCredential } from '../operators/operators';
import { incidentAffected, listIncidents, noticeAffected, recordIncident, recordReport } from './incidents';
import type { RateLimit } from '../http/rate-limit';
import { closeAccount, closeAccountWithCode, requestCloseCode } from './close-account';
import { listConsents, recordConsent } from './consents';
import { eraseGuestPurchase, guestPurchaseData } from './guest-data';
import { myData } from './my-data';
import { confirmPhone, requestPhoneCode, whatsappPhone } from '../whatsapp/phone';

export interface PrivacyRoutesOptions {
  db: Database;
  sessionSecret: string;
  now: () => Date;
  writeRateLimit?: RateLimit;
  /** Per client: closing the account checks a password, as a sign-in does. */
  passwordRateLimit?: RateLimit;
  /** Per client: a purchase opened by its key (as `/rest/venta/consulta` is limited). */
  lookupRateLimit?: RateLimit;
  /** OPERATOR_TOKENS: who may record incidents and notify the people affected. */
  operators?: readonly OperatorCredential[];
  /** WhatsApp is configured (issue 48): the phone's confirmation code can be sent. */
  whatsapp?: boolean;
}

/** An incident's id in the path; anything else is not found. */
const IncidentParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });
const incidentOf = (params: unknown) => {
  const parsed = v.safeParse(IncidentParam, params);
  if (!parsed.success) throw new NotFoundError();
  return parsed.output.id;
};

/** Issue 47: the signed-in customer's data rights (Ley 29733): consents, their data, closing the account. */
export const privacyRoutes: FastifyPluginAsync<PrivacyRoutesOptions> = async (app, { db, sessionSecret, now, writeRateLimit, passwordRateLimit, lookupRateLimit, operators = [], whatsapp = false }) => {
  const sessions = sessionResolver(db, sessionSecret);
  const writes = { sessions, ...(writeRateLimit ? { rateLimit: writeRateLimit } : {}) };

  route(app, endpoints.consents, async ({ session }) => listConsents(db, session.customer.ccuenta), { sessions });

  route(app, endpoints.consentChange, async ({ input: { version, ...change }, session }) => {
    await recordConsent(db, session.customer.ccuenta, { ...change, version }, now());
    return listConsents(db, session.customer.ccuenta);
  }, writes);

  // A file to keep: the browser saves it under this name when it is opened directly.
  route(app, endpoints.myData, async ({ session, reply }) => {
    reply.header('content-disposition', 'attachment; filename="mis-datos.json"');
    return myData(db, session.customer.ccuenta, now());
  }, { sessions, ...(writeRateLimit ? { rateLimit: writeRateLimit } : {}) });

  // Closing the account ends every session, this one too: a second call finds no session (401), harmless.
  route(app, endpoints.closeAccount, async ({ input: { clave }, session }) => {
    await closeAccount(db, session.customer.ccuenta, clave, now());
    return { cerrada: true } as const;
  }, { sessions, ...(passwordRateLimit ? { rateLimit: passwordRateLimit } : {}) });

  // The mailed-code path (accounts without a password, or whoever prefers it): the code goes to the account's address.
  route(app, endpoints.closeAccountCode, async ({ session }) => {
    await requestCloseCode(db, session.customer.ccuenta, sessionSecret, now());
    return { enviado: true } as const;
  }, writes);
  route(app, endpoints.closeAccountWithCode, async ({ input: { codigo }, session }) => {
    await closeAccountWithCode(db, session.customer.ccuenta, codigo, sessionSecret, now());
    return { cerrada: true } as const;
  }, { sessions, ...(passwordRateLimit ? { rateLimit: passwordRateLimit } : {}) });

  // Issue 48: the mobile is confirmed by a code sent to it by WhatsApp before any other message goes there.
  route(app, endpoints.whatsappPhone, async ({ session }) => whatsappPhone(db, session.customer.ccuenta, whatsapp), { sessions });
  route(app, endpoints.whatsappPhoneCode, async ({ session }) => {
    if (!whatsapp) throw new ConflictError('whatsapp.unavailable');
    await requestPhoneCode(db, session.customer.ccuenta, sessionSecret, now());
    return { enviado: true } as const;
  }, writes);
  route(app, endpoints.whatsappPhoneConfirm, async ({ input: { codigo }, session }) => {
    await confirmPhone(db, session.customer.ccuenta, codigo, sessionSecret, now());
    return whatsappPhone(db, session.customer.ccuenta, whatsapp);
  }, { sessions, ...(passwordRateLimit ? { rateLimit: passwordRateLimit } : {}) });

  // A guest's purchase by its key (the purchase key, or the recovery mail's): its data, and erasing them.
  const byKey = lookupRateLimit ? { rateLimit: lookupRateLimit } : {};
  route(app, endpoints.purchaseData, async ({ input, reply }) => {
    reply.header('content-disposition', 'attachment; filename="datos-compra.json"');
    return guestPurchaseData(db, input, now());
  }, byKey);
  route(app, endpoints.purchaseErase, async ({ input }) => eraseGuestPurchase(db, input, now()), byKey);

  // Security incidents (operators only): the record, who is affected, the notice, the reports (docs/incidents.md).
  const staff = { operators: operatorResolver(operators) };
  route(app, endpoints.incidentCreate, async ({ input, session }) => recordIncident(db, input, session.name, now()), staff);
  route(app, endpoints.incidents, async () => listIncidents(db), staff);
  route(app, endpoints.incidentAffected, async ({ request }) => incidentAffected(db, incidentOf(request.params)), staff);
  route(app, endpoints.incidentNotice, async ({ input, request }) => noticeAffected(db, incidentOf(request.params), input, now()), staff);
  route(app, endpoints.incidentReport, async ({ input, request }) => recordReport(db, incidentOf(request.params), input), staff);
};
