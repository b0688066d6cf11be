import { endpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sessionResolver, sessionToken } from '../accounts/accounts.routes';
import { customerOfToken } from '../accounts/accounts.service';
import type { Database } from '../db/client';
import { UnauthorizedError } from '../errors';
import { requestLanguage } from '../http/language';
import { perKeyLimit, RECOVERY_PER_CODE_LIMIT, type RateLimit } from '../http/rate-limit';
import { route } from '../http/endpoint';
import { applyPoints, confirmPoints } from '../sales/points-redemption';
import { declarationTicket, postpone, postponableTicket, registerDeclaration, type TicketAccess } from './aftersale.service';
import { recoverPurchase } from './recovery';
import type { VoucherSeries } from '../vouchers/rules';

export interface AftersaleRoutesOptions {
  db: Database;
  sessionSecret: string;
  now: () => Date;
  writeRateLimit: RateLimit;
  lookupRateLimit: RateLimit;
  /** `/rest/venta/recovery` per payment code (on top of the per-IP look-up limit). */
  recoveryPerCodeLimit?: RateLimit;
  /** Signs the vouchers of what a postponement or a points purchase charges. */
  voucherSeries?: VoucherSeries | undefined;
}


/**
 * Issue 7, after the sale: purchase recovery, a ticket's postponement, the sworn declaration and
 * points (rules, apply, confirm). A ticket is reached with the buyer's session or a code + key.
 */
export const aftersaleRoutes: FastifyPluginAsync<AftersaleRoutesOptions> = async (app, options) => {
  const { db, sessionSecret, now, voucherSeries } = options;
  const writes = { rateLimit: options.writeRateLimit };
  const lookups = { rateLimit: options.lookupRateLimit };
  const recoveryPerCode = perKeyLimit(app, 'recovery', options.recoveryPerCodeLimit ?? RECOVERY_PER_CODE_LIMIT);

  /** The code + key when sent (a guest), else the session's customer; a bad session with no code is a 401. */
  async function accessOf(request: FastifyRequest, body: { codigo?: string | undefined; clave_bloqueo?: string | undefined }): Promise<TicketAccess> {
    if (body.codigo !== undefined && body.clave_bloqueo !== undefined) return { codigo: body.codigo, clave_bloqueo: body.clave_bloqueo };
    const token = sessionToken(request);
    if (!token) throw new UnauthorizedError();
    return { ccuenta: (await customerOfToken(db, token, sessionSecret)).ccuenta };
  }

  route(app, endpoints.recovery, async ({ input: body, request, reply }) => {
    await recoveryPerCode(request, reply, body.codigo);
    const data = await recoverPurchase(db, body, { now: now(), secret: sessionSecret, language: requestLanguage(request) });
    reply.code('enviado' in data ? 202 : 200);
    return data;
  }, lookups);

  route(app, endpoints.postponableTicket, async ({ input: body, request }) => postponableTicket(db, body.numero, await accessOf(request, body), now()), lookups);

  route(app, endpoints.postpone, async ({ input: body, request, reply }) => {
    const access = await accessOf(request, body);
    const data = await postpone(db, body, access, { now: now(), secret: sessionSecret, series: voucherSeries, language: requestLanguage(request) });
    reply.code(data.estado === 'emitido' ? 201 : 200);
    return data;
  }, writes);

  route(app, endpoints.declarationTicket, async ({ input: body, request }) => declarationTicket(db, body.numero, await accessOf(request, body), now()), lookups);

  route(app, endpoints.declaration, async ({ input: body, request }) => registerDeclaration(db, body, await accessOf(request, body), now()), writes);

  route(app, endpoints.pointsApply, async ({ input: body, session }) => applyPoints(db, session.customer.ccuenta, body, now()), {
    ...writes,
    sessions: sessionResolver(db, sessionSecret),
  });

  route(app, endpoints.pointsConfirm, async ({ input: body }) => confirmPoints(db, body, { now: now(), secret: sessionSecret, series: voucherSeries }), writes);
};
