import {
  DeclarationSchema,
  PointsApplySchema,
  PointsConfirmSchema,
  PostponeSchema,
  RecoverySchema,
  TicketLookupSchema,
} from '@rumbo/shared/schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sessionToken } from '../accounts/accounts.routes';
import { customerOfToken } from '../accounts/accounts.service';
import type { Database } from '../db/client';
import { UnauthorizedError } from '../errors';
import { requestLanguage } from '../http/language';
import { perKeyLimit, RECOVERY_PER_CODE_LIMIT, type RateLimit } from '../http/rate-limit';
import { parseBody } from '../http/validate';
import { pointsRules } from '../points/points-rules';
import { applyPoints, confirmPoints } from '../sales/points-redemption';
import { declarationTicket, postpone, postponableTicket, registerDeclaration, type TicketAccess } from './aftersale.service';
import { recoverPurchase } from './recovery';
import { noStore } from '../http/cache';

export interface AftersaleRoutesOptions {
  db: Database;
  sessionSecret: string;
  now: () => Date;
  writeRateLimit: RateLimit;
  lookupRateLimit: RateLimit;
  /** `/rest/venta/recovery` per payment code (on top of the per-IP look-up limit). */
  recoveryPerCodeLimit?: RateLimit;
}


/**
 * Issue 7, after the sale: purchase recovery, a ticket's postponement, the sworn declaration and
 * points (rules, apply, confirm). A ticket is reached with the buyer's session or a code + key.
 */
export const aftersaleRoutes: FastifyPluginAsync<AftersaleRoutesOptions> = async (app, options) => {
  const { db, sessionSecret, now } = options;
  const writes = { config: { rateLimit: options.writeRateLimit } };
  const lookups = { config: { rateLimit: options.lookupRateLimit } };
  const recoveryPerCode = perKeyLimit(app, 'recovery', options.recoveryPerCodeLimit ?? RECOVERY_PER_CODE_LIMIT);

  /** The code + key when sent (a guest), else the session's customer; a bad session with no code is a 401. */
  async function accessOf(request: FastifyRequest, body: { codigo?: string | undefined; clave_bloqueo?: string | undefined }): Promise<TicketAccess> {
    if (body.codigo !== undefined && body.clave_bloqueo !== undefined) return { codigo: body.codigo, clave_bloqueo: body.clave_bloqueo };
    const token = sessionToken(request);
    if (!token) throw new UnauthorizedError();
    return { ccuenta: (await customerOfToken(db, token, sessionSecret)).ccuenta };
  }

  app.post('/rest/venta/recovery', lookups, async (request, reply) => {
    const body = parseBody(RecoverySchema, request.body);
    await recoveryPerCode(request, reply, body.codigo);
    const data = await recoverPurchase(db, body, { now: now(), secret: sessionSecret, language: requestLanguage(request) });
    return noStore(reply)
      .code('enviado' in data ? 202 : 200)
      .send({ data });
  });

  app.post('/rest/venta/boleto', lookups, async (request, reply) => {
    const body = parseBody(TicketLookupSchema, request.body);
    return noStore(reply).send({ data: await postponableTicket(db, body.numero, await accessOf(request, body), now()) });
  });

  app.post('/rest/venta/postegarBoletos', writes, async (request, reply) => {
    const body = parseBody(PostponeSchema, request.body);
    const access = await accessOf(request, body);
    const data = await postpone(db, body, access, { now: now(), secret: sessionSecret, language: requestLanguage(request) });
    return noStore(reply)
      .code(data.estado === 'emitido' ? 201 : 200)
      .send({ data });
  });

  app.post('/rest/declaracion/boleto', lookups, async (request, reply) => {
    const body = parseBody(TicketLookupSchema, request.body);
    return noStore(reply).send({ data: await declarationTicket(db, body.numero, await accessOf(request, body), now()) });
  });

  app.post('/rest/declaracion/registrar', writes, async (request, reply) => {
    const body = parseBody(DeclarationSchema, request.body);
    const data = await registerDeclaration(db, body, await accessOf(request, body), now());
    return noStore(reply).code(201).send({ data });
  });

  for (const path of ['/rest/informacion/pasajes', '/rest/informacion/pasajes/']) {
    app.get(path, async (request, reply) => reply.header('vary', 'accept-language').send({ data: pointsRules(requestLanguage(request)) }));
  }

  app.post('/rest/canje/asociar', writes, async (request, reply) => {
    const customer = await customerOfToken(db, sessionToken(request), sessionSecret);
    const body = parseBody(PointsApplySchema, request.body);
    return noStore(reply).send({ data: await applyPoints(db, customer.ccuenta, body, now()) });
  });

  app.post('/rest/canje/confirmar', writes, async (request, reply) => {
    const body = parseBody(PointsConfirmSchema, request.body);
    return noStore(reply).send({ data: await confirmPoints(db, body, { now: now(), secret: sessionSecret }) });
  });
};
