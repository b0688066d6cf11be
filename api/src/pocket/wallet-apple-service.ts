import { TICKET_NUMBER_PATTERN } from '@rumbo/shared/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { noStore } from '../http/cache';
import type { RateLimit } from '../http/rate-limit';
import { applePassToken, isApplePassToken } from './pocket-links';
import { pocketTicket } from './pocket-view';
import type { Pocket, PocketOptions } from './pocket.service';
import { pase_cambio, pase_registro } from './pocket.tables';
import { applePass, type ApplePassService } from './wallet-apple';

/** Where the PassKit web service is mounted: a pass's `webServiceURL` is `{API_ORIGIN}` + this. */
export const APPLE_PASS_SERVICE_PATH = '/wallet/apple';

/** What a served pass carries to register for updates. */
export const applePassService = (config: Pick<PocketOptions, 'apiOrigin' | 'secret'>, numero: string): ApplePassService => ({
  url: `${config.apiOrigin}${APPLE_PASS_SERVICE_PATH}`,
  token: applePassToken(config.secret, numero),
});

export interface ApplePassServiceOptions {
  db: Database;
  now: () => Date;
  config: PocketOptions;
  pocket: Pocket;
  rateLimit: RateLimit;
  log: { warn(message: string): void };
}

// Apple's identifiers, bounded: a device library id, a push token (hex), the pass type, a serial (our ticket number).
const Device = v.pipe(v.string(), v.regex(/^[\w.-]{1,128}$/));
const PassType = v.pipe(v.string(), v.regex(/^[\w.-]{1,128}$/));
const Serial = v.pipe(v.string(), v.regex(TICKET_NUMBER_PATTERN));
const RegistrationParams = v.object({ device: Device, passType: PassType, serial: Serial });
const DeviceParams = v.object({ device: Device, passType: PassType });
const PassParams = v.object({ passType: PassType, serial: Serial });
const RegistrationBody = v.object({ pushToken: v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{16,256}$/)) });
const UpdatedQuery = v.object({ passesUpdatedSince: v.optional(v.pipe(v.string(), v.regex(/^\d{1,16}$/))) });
const LogBody = v.object({ logs: v.pipe(v.array(v.pipe(v.string(), v.maxLength(2000))), v.maxLength(100)) });

/**
 * Apple's PassKit web service (Wallet Passes Web Service reference), which a pass with a
 * `webServiceURL` makes the wallet call: a device registers for a pass's updates with the pass's
 * token (`Authorization: ApplePass …`) and its push token, asks which of its passes changed since
 * its last tag, fetches a pass again (304 when unchanged), unregisters, and sends its error log.
 * Apple's paths and answers, not the `/rest` contract: 201 a new registration, 200 a known one, 204
 * nothing changed, 401 a wrong token, 404 an unknown pass. A pass changes when a disruption reaches
 * its ticket (wallet-updates.ts queues the APNs push that makes the wallet ask).
 */
export const applePassServiceRoutes: FastifyPluginAsync<ApplePassServiceOptions> = async (app, options) => {
  const { db, now, config, pocket, log } = options;
  const limited = { config: { rateLimit: options.rateLimit } };
  const apple = config.apple;

  const parse = <S extends v.GenericSchema>(schema: S, value: unknown, reply: FastifyReply): v.InferOutput<S> | undefined => {
    const result = v.safeParse(schema, value);
    if (!result.success) void reply.code(400).send();
    return result.success ? result.output : undefined;
  };

  /** The pass type is ours and the request carries the pass's token; else a 401 (Apple's answer to a wrong token). */
  function authorized(request: FastifyRequest, passType: string, serial: string): boolean {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('ApplePass ') ? header.slice('ApplePass '.length).trim() : '';
    return Boolean(apple) && passType === apple!.passTypeIdentifier && token !== '' && isApplePassToken(config.secret, serial, token);
  }

  app.post(`${APPLE_PASS_SERVICE_PATH}/v1/devices/:device/registrations/:passType/:serial`, limited, async (request, reply) => {
    const params = parse(RegistrationParams, request.params, reply);
    if (!params) return reply;
    if (!authorized(request, params.passType, params.serial)) return reply.code(401).send();
    const body = parse(RegistrationBody, request.body, reply);
    if (!body) return reply;
    if (!(await pocketTicket(db, params.serial))) return reply.code(404).send();
    const [created] = await db
      .insert(pase_registro)
      .values({ dispositivo: params.device, push_token: body.pushToken, numero: params.serial, creado: now() })
      .onConflictDoNothing()
      .returning({ id: pase_registro.id });
    if (created) return reply.code(201).send();
    // Known: the device may have a new push token.
    await db.update(pase_registro).set({ push_token: body.pushToken }).where(and(eq(pase_registro.dispositivo, params.device), eq(pase_registro.numero, params.serial)));
    return reply.code(200).send();
  });

  app.delete(`${APPLE_PASS_SERVICE_PATH}/v1/devices/:device/registrations/:passType/:serial`, limited, async (request, reply) => {
    const params = parse(RegistrationParams, request.params, reply);
    if (!params) return reply;
    if (!authorized(request, params.passType, params.serial)) return reply.code(401).send();
    await db.delete(pase_registro).where(and(eq(pase_registro.dispositivo, params.device), eq(pase_registro.numero, params.serial)));
    return reply.code(200).send();
  });

  // No token here (Apple sends none): a device library id is the device's own secret.
  app.get(`${APPLE_PASS_SERVICE_PATH}/v1/devices/:device/registrations/:passType`, limited, async (request, reply) => {
    const params = parse(DeviceParams, request.params, reply);
    if (!params) return reply;
    const query = parse(UpdatedQuery, request.query, reply);
    if (!query) return reply;
    if (!apple || params.passType !== apple.passTypeIdentifier) return reply.code(404).send();
    // Tags are the milliseconds of the last change: the device sends back the one it was given.
    const since = query.passesUpdatedSince ? new Date(Number(query.passesUpdatedSince)) : undefined;
    const rows = await queryRows<{ numero: string; at: string | number }>(db, sql`
      select r.numero, (extract(epoch from coalesce(c.actualizado, r.creado)) * 1000)::bigint as at
      from pase_registro r left join pase_cambio c on c.numero = r.numero
      where r.dispositivo = ${params.device}
        ${since ? sql`and coalesce(c.actualizado, r.creado) > ${since.toISOString()}::timestamptz` : sql``}
      order by r.numero`);
    if (rows.length === 0) return reply.code(204).send();
    return noStore(reply).send({ serialNumbers: rows.map((row) => row.numero), lastUpdated: String(Math.max(...rows.map((row) => Number(row.at)))) });
  });

  app.get(`${APPLE_PASS_SERVICE_PATH}/v1/passes/:passType/:serial`, limited, async (request, reply) => {
    const params = parse(PassParams, request.params, reply);
    if (!params) return reply;
    if (!authorized(request, params.passType, params.serial)) return reply.code(401).send();
    const found = await pocketTicket(db, params.serial);
    if (!found) return reply.code(404).send();
    const [change] = await db.select({ at: pase_cambio.actualizado }).from(pase_cambio).where(eq(pase_cambio.numero, params.serial));
    // HTTP dates have whole seconds: a change is newer than a date when its second is later.
    const modified = new Date(Math.floor((change?.at ?? found.reservation.pagado ?? now()).getTime() / 1000) * 1000);
    const since = Date.parse(request.headers['if-modified-since'] ?? '');
    if (!Number.isNaN(since) && modified.getTime() <= since) return reply.code(304).send();
    const pass = applePass(apple!, found.reservation, found.leg, found.ticket, found.reservation.idioma, pocket.siteLink(found.reservation.codigo), applePassService(config, params.serial));
    return noStore(reply).header('last-modified', modified.toUTCString()).type('application/vnd.apple.pkpass').send(pass);
  });

  app.post(`${APPLE_PASS_SERVICE_PATH}/v1/log`, limited, async (request, reply) => {
    const body = parse(LogBody, request.body, reply);
    if (!body) return reply;
    // Apple's own diagnostics of our service (URLs, statuses): no customer data.
    for (const line of body.logs.slice(0, 10)) log.warn(`Apple Wallet: ${line.slice(0, 300)}`);
    return reply.code(200).send();
  });
};
