import { endpoints } from '@rumbo/shared/contract';
import { RESERVATION_CODE_PATTERN, TICKET_NUMBER_PATTERN, type Language } from '@rumbo/shared/schemas';
import { toLanguage } from '@rumbo/shared/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { Database } from '../db/client';
import { NotFoundError } from '../errors';
import { noStore } from '../http/cache';
import { route } from '../http/endpoint';
import { requestLanguage } from '../http/language';
import { askToOptOut, oneClickOptOut, optedOut, type OptOutTexts } from '../http/opt-out-page';
import type { RateLimit } from '../http/rate-limit';
import { paidView } from '../sales/reservation-views';
import { reserva } from '../sales/sales.tables';
import { ticketsCalendar } from './calendar';
import { verifyPocket, type PocketLinkKind } from './pocket-links';
import type { Pocket, PocketOptions } from './pocket.service';
import { recordatorio_baja } from './pocket.tables';
import { pocketReservation, pocketTicket } from './pocket-view';
import { applePass } from './wallet-apple';
import { applePassService } from './wallet-apple-service';

export interface PocketRoutesOptions {
  db: Database;
  now: () => Date;
  config: PocketOptions;
  pocket: Pocket;
  lookupRateLimit: RateLimit;
  writeRateLimit: RateLimit;
}

const CodeParam = v.object({ codigo: v.pipe(v.string(), v.regex(RESERVATION_CODE_PATTERN)) });
const TicketParam = v.object({ numero: v.pipe(v.string(), v.regex(TICKET_NUMBER_PATTERN)) });
const SignedQuery = v.object({ exp: v.string(), firma: v.string(), idioma: v.optional(v.picklist(['es-PE', 'en-EN'])) });

/** The link's language, else the caller's. */
const linkLanguage = (request: FastifyRequest): Language => {
  const query = v.safeParse(SignedQuery, request.query);
  return query.success && query.output.idioma ? query.output.idioma : requestLanguage(request);
};

const PAGES = {
  'es-PE': {
    title: 'Recordatorios de viaje',
    ask: (codigo: string) => `¿Dejar de recibir los recordatorios de viaje de la compra ${codigo}? Sus boletos siguen válidos.`,
    button: 'Dejar de recibir recordatorios',
    done: (codigo: string) => `Listo: no le enviaremos más recordatorios de la compra ${codigo}. Sus boletos siguen válidos.`,
  },
  'en-EN': {
    title: 'Trip reminders',
    ask: (codigo: string) => `Stop the trip reminders of purchase ${codigo}? Your tickets stay valid.`,
    button: 'Stop reminders',
    done: (codigo: string) => `Done: we will send no more reminders for purchase ${codigo}. Your tickets stay valid.`,
  },
} as const;

const texts = (language: Language, codigo: string): OptOutTexts => {
  const t = PAGES[language];
  return { title: t.title, ask: t.ask(codigo), button: t.button, done: t.done(codigo) };
};

/**
 * The pocket's HTTP face (issue 36): the links of a paid purchase, its calendar file, a ticket's
 * Apple Wallet pass, and the reminders' opt-out (a page and its one-click POST).
 */
export const pocketRoutes: FastifyPluginAsync<PocketRoutesOptions> = async (app, options) => {
  const { db, now, config, pocket } = options;
  const lookups = { rateLimit: options.lookupRateLimit };
  const writes = { rateLimit: options.writeRateLimit };

  /** The path parameter and the signed query of a link, checked; anything wrong reads as not found. */
  function signed<T extends 'codigo' | 'numero'>(request: FastifyRequest, kind: PocketLinkKind, param: T): string {
    const params = v.safeParse(param === 'codigo' ? CodeParam : TicketParam, request.params);
    const query = v.safeParse(SignedQuery, request.query);
    if (!params.success || !query.success) throw new NotFoundError();
    const subject = (params.output as Record<string, string>)[param]!;
    if (!verifyPocket(config.secret, kind, subject, query.output.exp, query.output.firma, now())) throw new NotFoundError();
    return subject;
  }

  route(app, endpoints.pocketLinks, async ({ input: body, request }) => {
    // The purchase key proves the caller may see the tickets (as for the PDF).
    await paidView(db, body, now());
    const reservation = await pocketReservation(db, body.codigo);
    if (!reservation) throw new NotFoundError('sale.reserva.noEncontrada');
    return pocket.links(reservation, requestLanguage(request));
  }, lookups);

  route(app, endpoints.ticketsCalendar, async ({ request, reply }) => {
    const codigo = signed(request, 'calendario', 'codigo');
    const reservation = await pocketReservation(db, codigo);
    if (!reservation || reservation.legs.length === 0) throw new NotFoundError();
    const body = ticketsCalendar(reservation, linkLanguage(request), pocket.siteLink(codigo), now());
    return noStore(reply)
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="rumbo-andino-${codigo}.ics"`)
      .send(body);
  }, lookups);

  route(app, endpoints.ticketApplePass, async ({ request, reply }) => {
    if (!config.apple) throw new NotFoundError();
    const numero = signed(request, 'pkpass', 'numero');
    const found = await pocketTicket(db, numero);
    if (!found) throw new NotFoundError();
    const pass = applePass(config.apple, found.reservation, found.leg, found.ticket, linkLanguage(request), pocket.siteLink(found.reservation.codigo), applePassService(config, numero));
    return noStore(reply)
      .type('application/vnd.apple.pkpass')
      .header('content-disposition', `attachment; filename="boleto-${numero}.pkpass"`)
      .send(pass);
  }, lookups);

  /** The purchase a signed opt-out link names, with its language; not found otherwise. */
  async function optOutPurchase(request: FastifyRequest) {
    const codigo = signed(request, 'baja', 'codigo');
    const [r] = await db.select({ creserva: reserva.creserva, idioma: reserva.idioma }).from(reserva).where(eq(reserva.codigo, codigo));
    if (!r) throw new NotFoundError();
    return { codigo, creserva: r.creserva, language: toLanguage(r.idioma) };
  }

  // A GET only shows the button: mail scanners that follow links must not opt anyone out.
  route(app, endpoints.reminderOptOutPage, async ({ request, reply }) => {
    const { codigo, language } = await optOutPurchase(request);
    return askToOptOut(reply, language, texts(language, codigo), request.url);
  }, lookups);

  await oneClickOptOut(app, (forms) => {
    route(forms, endpoints.reminderOptOut, async ({ request, reply }) => {
      const { codigo, creserva, language } = await optOutPurchase(request);
      await db.insert(recordatorio_baja).values({ creserva, registrada: now() }).onConflictDoNothing();
      return optedOut(reply, language, texts(language, codigo));
    }, writes);
  });
};
