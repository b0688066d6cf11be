import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { STATE_SQL } from '../db/seat-states';
import { MAX_ATTEMPTS } from '../mail/sender';

/**
 * The API's Prometheus figures (prom-client), one registry per app:
 * - per instance (sum them over instances): `http_request_duration_seconds{method,route,status_code}`
 *   and `rumbo_rate_limit_refusals_total{limit}`;
 * - the store's own figures, read from the shared database at scrape time, so every instance
 *   reports the same values (aggregate them with `max`, not `sum`): active seat holds,
 *   reservations by state, payments by provider and state, payment notices by provider and
 *   outcome, tickets issued, outbox depth and the age of its oldest unsent mail, vouchers waiting
 *   for their signature or for SUNAT and the age of the oldest (issue 44), and per departure the
 *   waitlist's places and seats waiting and offers out (issue 48).
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, per route (the route pattern, not the URL)',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly limitRefusals = new Counter({
    name: 'rumbo_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit (per address on a route, or per key such as an e-mail)',
    labelNames: ['limit'],
    registers: [this.registry],
  });

  readonly redisFallbacks = new Counter({
    name: 'rumbo_rate_limit_redis_fallbacks_total',
    help: 'Rate-limit counts made in this process because Redis did not answer (the limit then holds per instance)',
    registers: [this.registry],
  });

  /** Issue 44: trip searches and fare calendars by where their answer came from (trips/answer-cache.ts). */
  readonly searchAnswers = new Counter({
    name: 'rumbo_trip_search_answers_total',
    help: 'Trip searches (kind "viaje") and fare calendars ("calendario") answered, by source: "database" ran the query, "shared" waited for an identical one running, "cached" took an identical one\'s answer of less than SEARCH_CACHE_MS ago',
    labelNames: ['kind', 'source'],
    registers: [this.registry],
  });

  constructor(db: Database, options: { process?: boolean } = {}) {
    if (options.process) collectDefaultMetrics({ register: this.registry });
    // One read of the database per scrape: every gauge's collect (run in parallel) awaits the same one.
    let pending: Promise<StoreFigures> | undefined;
    const figures = () => (pending ??= readStoreFigures(db).finally(() => (pending = undefined)));
    const registers = [this.registry];
    const gauge = (name: string, help: string, labelNames: string[], set: (g: Gauge, f: StoreFigures) => void) =>
      new Gauge({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          const f = await figures();
          this.reset();
          set(this, f);
        },
      });
    gauge('rumbo_seat_holds_active', 'Seats held now (84, not expired)', [], (g, f) => g.set(f.holds));
    gauge('rumbo_reservations', 'Reservations by state', ['estado'], (g, f) => f.reservations.forEach((r) => g.set({ estado: r.estado }, Number(r.n))));
    gauge('rumbo_payments', 'Payments by provider and state', ['proveedor', 'estado'], (g, f) =>
      f.payments.forEach((r) => g.set({ proveedor: r.proveedor, estado: r.estado }, Number(r.n))),
    );
    gauge('rumbo_payment_notices', 'Payment notices by provider and outcome (pagada, rechazada, reembolso, ...)', ['proveedor', 'resultado'], (g, f) =>
      f.notices.forEach((r) => g.set({ proveedor: r.proveedor, resultado: r.resultado }, Number(r.n))),
    );
    gauge('rumbo_tickets_issued', 'Tickets issued (any state)', [], (g, f) => g.set(f.tickets));
    gauge('rumbo_outbox_depth', 'Mails queued and not sent yet (still to be tried)', [], (g, f) => g.set(f.depth));
    gauge('rumbo_outbox_oldest_age_seconds', 'Age of the oldest mail queued and not sent yet (0 when none)', [], (g, f) => g.set(f.age));
    // Issue 44: SUNAT's clock. A factura not received within its term is void (docs/decisions.md).
    gauge('rumbo_vouchers_waiting', 'Electronic vouchers not answered by SUNAT yet, by stage: "firma" numbered but not signed, "envio" signed and waiting to be sent', ['etapa'], (g, f) => {
      g.set({ etapa: 'firma' }, f.vouchersUnsigned);
      g.set({ etapa: 'envio' }, f.vouchersUnsent);
    });
    // Issue 48: the demand a departure could not serve (the signal for an extra departure, a "refuerzo").
    gauge('rumbo_waitlist_waiting', 'Waitlist places waiting, and the seats they want, per departure (cviaje); places offered seats now under "ofrecidos"', ['cviaje', 'medida'], (g, f) =>
      f.waitlist.forEach((r) => {
        g.set({ cviaje: String(r.cviaje), medida: 'lugares' }, Number(r.esperando));
        g.set({ cviaje: String(r.cviaje), medida: 'asientos' }, Number(r.asientos));
        g.set({ cviaje: String(r.cviaje), medida: 'ofrecidos' }, Number(r.ofrecidos));
      }),
    );
    gauge('rumbo_vouchers_oldest_waiting_seconds', 'Age (since issued) of the oldest voucher SUNAT has not answered yet (0 when none); alert from 86400 (24 h)', [], (g, f) => g.set(f.vouchersAge));
  }
}

interface StoreFigures {
  holds: number;
  tickets: number;
  depth: number;
  age: number;
  vouchersUnsigned: number;
  vouchersUnsent: number;
  vouchersAge: number;
  reservations: { estado: string; n: number }[];
  payments: { proveedor: string; estado: string; n: number }[];
  notices: { proveedor: string; resultado: string; n: number }[];
  waitlist: { cviaje: number; esperando: number; asientos: number; ofrecidos: number }[];
}

async function readStoreFigures(db: Database): Promise<StoreFigures> {
  const [totals] = await queryRows<{ holds: number; tickets: number; depth: number; age: number; unsigned: number; unsent: number; voucher_age: number }>(db, sql`
    select (select count(*)::int from viaje_asiento where gestado_asiento = ${STATE_SQL.HELD} and expira > now()) as holds,
           (select count(*)::int from boleto) as tickets,
           (select count(*)::int from outbox where sent_at is null and attempts < ${MAX_ATTEMPTS}) as depth,
           (select coalesce(extract(epoch from now() - min(created_at)), 0)::float8 from outbox where sent_at is null and attempts < ${MAX_ATTEMPTS}) as age,
           (select count(*)::int from comprobante where estado = 'pendiente' and xml is null) as unsigned,
           (select count(*)::int from comprobante where estado = 'pendiente' and xml is not null) as unsent,
           (select coalesce(extract(epoch from now() - min(emitido)), 0)::float8 from comprobante where estado = 'pendiente') as voucher_age`);
  return {
    holds: Number(totals?.holds ?? 0),
    tickets: Number(totals?.tickets ?? 0),
    depth: Number(totals?.depth ?? 0),
    age: Number(totals?.age ?? 0),
    vouchersUnsigned: Number(totals?.unsigned ?? 0),
    vouchersUnsent: Number(totals?.unsent ?? 0),
    vouchersAge: Number(totals?.voucher_age ?? 0),
    reservations: await queryRows(db, sql`select estado, count(*)::int as n from reserva group by estado`),
    payments: await queryRows(db, sql`select proveedor, estado, count(*)::int as n from pago group by proveedor, estado`),
    notices: await queryRows(db, sql`select proveedor, resultado, count(*)::int as n from pago_aviso group by proveedor, resultado`),
    waitlist: await queryRows(db, sql`
      select cviaje, count(*) filter (where estado = 'esperando')::int as esperando,
             coalesce(sum(asientos) filter (where estado = 'esperando'), 0)::int as asientos,
             count(*) filter (where estado = 'ofrecido')::int as ofrecidos
      from lista_espera where estado in ('esperando', 'ofrecido') group by cviaje`),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Times every answer by its route pattern (unmatched URLs share one label, so a scanner cannot blow up the series). */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` in Prometheus' text format, for the scraper only: it must send
 * `Authorization: Bearer $METRICS_TOKEN` (else 404). Without a token configured the route does not exist.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: Metrics; token: string }> = async (app, { metrics, token }) => {
  app.get('/metrics', async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    // Without the token the route answers as if it did not exist (the usual translated 404).
    if (!sameToken(given, token)) return reply.callNotFound();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(await metrics.registry.metrics());
  });
};
