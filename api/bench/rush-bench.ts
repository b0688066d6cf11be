/**
 * Issue 44: the rush. Many customers at once on one popular route-day, through HAProxy with three
 * built API instances (production mode, the production rate limits, one PostgreSQL database, one
 * Redis), each instance issuing vouchers in its own series (VOUCHER_SERIES B001/F001, B002/F002,
 * B003/F003). Each customer comes from its own address and does what a buyer does: searches the
 * day, opens a trip's seat map, holds a free seat (another one if it was taken meanwhile), names
 * the passenger, reserves, starts the payment, and the provider's paid notice arrives. More
 * customers than seats: the last ones find the day sold out, as on a rush day.
 *
 * Two runs: a rush, then a rush with one instance killed (-9) halfway through. Prints, per step,
 * requests/s and p50/p95/p99; and checks, after the outbox has signed every voucher: one winner per
 * seat and stretch, exactly one voucher per paid sale, every voucher accepted by the SUNAT stand-in,
 * numbers gap-free per series, no 5xx (in the killed run: only the requests the dead instance was
 * answering), and the killed instance's vouchers signed by the others. Paid → signed p99 from the
 * notice's answer to the voucher's `firmado`. Needs DATABASE_URL, REDIS_URL and haproxy.
 *
 *   pnpm --filter ./api bench:rush          (BENCH_RUSH_CUSTOMERS=400, BENCH_RUSH_AT_ONCE=50)
 *
 * BENCH_RUSH_KILLED=0 skips the second run; the instances take the bench's environment, e.g.
 * SEARCH_CACHE_MS=0 to search without the answers' cache (trips/answer-cache.ts), CLUSTER_PORT_BASE.
 */
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';
import { sandboxCredentials, type SandboxOptions } from '../src/payments';
import { decimalOf } from '../src/payments/signing';
import { CLUSTER_STORE, HAPROXY, startCluster, type Cluster } from '../src/test/cluster';
import { safetyPayNotice } from '../src/test/purchase';
import { channel, limaDate, seatChannel, withPostgresDatabase, writeResults } from './common.mjs';

const CUSTOMERS = Number(process.env.BENCH_RUSH_CUSTOMERS ?? 400);
/** Customers in the middle of a purchase at any moment (a normal hour's is a few). */
const AT_ONCE = Number(process.env.BENCH_RUSH_AT_ONCE ?? 50);
const INSTANCES = 3;
const ROUTE = { origen: 'LIM', destino: 'AQP' } as const;
const STEPS = ['search', 'seat_map', 'hold', 'passenger', 'reserve', 'pay', 'paid_notice'] as const;
type Step = (typeof STEPS)[number];

interface Seat {
  cviaje_asiento: number;
  nasiento: number;
  gnivel_piso: number;
  gcategoria_asiento: number;
  gobjeto_sitio: number;
  gestado_asiento: number;
}
interface Trip {
  cviaje: number;
  cterminal_origen: number;
  cterminal_destino: number;
}

class Answer extends Error {
  constructor(
    readonly step: Step,
    readonly status: number,
    text: string,
  ) {
    super(`${step} ${status} ${text.slice(0, 200)}`);
  }
}

let addresses = 0;
/** A customer's own loopback address (HAProxy appends it to X-Forwarded-For; the instances trust only that hop). */
const nextAddress = () => {
  const n = ++addresses;
  return `127.${20 + Math.floor(n / 62_500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
};

interface Recorder {
  times: Record<Step, number[]>;
  statuses: Record<Step, Record<string, number>>;
}
const newRecorder = (): Recorder => ({
  times: Object.fromEntries(STEPS.map((step) => [step, []])) as unknown as Recorder['times'],
  statuses: Object.fromEntries(STEPS.map((step) => [step, {}])) as unknown as Recorder['statuses'],
});

function send<T>(recorder: Recorder, step: Step, base: string, url: string, body: string, contentType: string, address: string): Promise<T> {
  const started = performance.now();
  return new Promise<T>((resolve, reject) => {
    const req = http.request(
      base + url,
      { method: 'POST', localAddress: address, agent: false, headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(body), origin: CLUSTER_STORE } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          recorder.times[step].push(performance.now() - started);
          recorder.statuses[step][status] = (recorder.statuses[step][status] ?? 0) + 1;
          if (status >= 300) return reject(new Answer(step, status, text));
          resolve((contentType === 'application/json' && text ? (JSON.parse(text) as { data: T }).data : (text as T)));
        });
      },
    );
    req.on('error', (error) => {
      recorder.statuses[step].network = (recorder.statuses[step].network ?? 0) + 1;
      reject(error);
    });
    req.end(body);
  });
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
};

/** One customer's purchase; answers the reservation's code and when its paid notice was answered, or why it stopped. */
async function customer(recorder: Recorder, base: string, db: pg.Pool, sandbox: SandboxOptions, index: number, fecha: string) {
  const address = nextAddress();
  const json = <T>(step: Step, url: string, body: unknown) => send<T>(recorder, step, base, url, JSON.stringify(body), 'application/json', address);
  const trips = await json<Trip[]>('search', '/rest/viaje', { ...ROUTE, fecha, ...channel });
  for (let attempt = 0; attempt < 4; attempt += 1) {
    // Customers spread over the day's trips, as they do over departure times.
    const trip = trips[(index + attempt) % trips.length]!;
    const body = { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, ...seatChannel };
    const { asientos } = await json<{ asientos: Seat[] }>('seat_map', '/rest/maqueta', body);
    const free = asientos.filter((seat) => seat.gobjeto_sitio === 1 && seat.gestado_asiento === 83);
    if (free.length === 0) continue;
    const seat = free[Math.floor(Math.random() * Math.min(free.length, 8))]!;
    let clave: string;
    try {
      ({ clave_bloqueo: clave } = await json<{ clave_bloqueo: string }>('hold', '/rest/asiento/bloquear', {
        ...body,
        cviaje_asiento: seat.cviaje_asiento,
        nasiento: seat.nasiento,
        gnivel_piso: seat.gnivel_piso,
        gcategoria_asiento: seat.gcategoria_asiento,
        gestado_asiento: 84,
      }));
    } catch (error) {
      // Taken by someone faster: look at the map again.
      if (error instanceof Answer && error.status < 500) continue;
      throw error;
    }
    await json('passenger', '/rest/asiento/asociar', {
      clave_bloqueo: clave,
      cviaje_asiento: seat.cviaje_asiento,
      pasajero: { ctipo_documento: 19, numero: String(60_000_000 + index), nombres: 'Ana', paterno: 'Quispe', materno: 'Rojas', email: `rush${index}@example.pe`, celular: '987654321', genero: 'F', nacimiento: '1990-01-01' },
    });
    const comprobante = index % 10 === 0 ? { comprobante: 'factura', ruc: '20518739469', razon_social: 'Empresa S.A.C.' } : { comprobante: 'boleta' };
    const view = await json<{ codigo: string; total_centimos: number }>('reserve', '/rest/venta/reserva', { clave_bloqueo: clave, comprador: { nombre: 'Ana Quispe', email: `rush${index}@example.pe`, ...comprobante }, terminos: true });
    await json('pay', '/rest/safetypay', { codigo: view.codigo, clave_bloqueo: clave, metodo: 'tarjeta' });
    const { rows } = await db.query<{ referencia: string; monto_centimos: number }>(
      `select p.referencia, p.monto_centimos from pago p join reserva r on r.creserva = p.creserva where r.codigo = $1 order by p.cpago desc limit 1`,
      [view.codigo],
    );
    const notice = safetyPayNotice(sandbox, { referencia: rows[0]!.referencia, amount: decimalOf(rows[0]!.monto_centimos), referenceNo: String(8_000_000_000 + index) }, new Date());
    await send(recorder, 'paid_notice', base, '/rest/safetypay/notificacion', notice, 'application/x-www-form-urlencoded', address);
    return { codigo: view.codigo, paidAt: Date.now() };
  }
  return { soldOut: true as const };
}

async function rush(cluster: Cluster, db: pg.Pool, fecha: string, killHalfway: boolean) {
  const recorder = newRecorder();
  const sandbox = sandboxCredentials(cluster.sessionSecret) as SandboxOptions;
  const outcomes: Awaited<ReturnType<typeof customer>>[] = [];
  const failures: string[] = [];
  let next = 0;
  let killed = false;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < CUSTOMERS) {
        const index = next++;
        if (killHalfway && !killed && index >= CUSTOMERS / 2) {
          killed = true;
          cluster.instances[INSTANCES - 1]!.process.kill('SIGKILL');
        }
        try {
          outcomes.push(await customer(recorder, cluster.url, db, sandbox, index + (killHalfway ? CUSTOMERS : 0), fecha));
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const steps = Object.fromEntries(
    STEPS.map((step) => {
      const times = recorder.times[step];
      return [step, { per_s: Math.round((times.length / seconds) * 10) / 10, p50_ms: percentile(times, 50), p95_ms: percentile(times, 95), p99_ms: percentile(times, 99), statuses: recorder.statuses[step] }];
    }),
  );
  const paid = outcomes.filter((outcome): outcome is { codigo: string; paidAt: number } => 'codigo' in outcome);
  return { seconds, steps, paid, soldOut: outcomes.length - paid.length, failures };
}

/** Waits until the outbox has answered every voucher (none 'pendiente'), at most `seconds`. */
async function drained(db: pg.Pool, seconds: number): Promise<number> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from comprobante where estado = 'pendiente'`);
    if (rows[0]!.n === 0 || Date.now() > until) return rows[0]!.n;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** What must hold after a rush, whatever the load: each a count that must be 0. */
async function checks(db: pg.Pool) {
  const one = async (query: string) => (await db.query<{ n: number }>(query)).rows[0]!.n;
  return {
    seats_sold_twice: await one(`select count(*)::int as n from (select cviaje_asiento from boleto where estado = 'emitido' group by cviaje_asiento having count(*) > 1) twice`),
    paid_sales_without_one_voucher: await one(
      `select count(*)::int as n from reserva r where r.estado = 'pagada' and (select count(*) from comprobante c where c.creserva = r.creserva and c.tipo in ('01', '03') and c.reemplaza is null) <> 1`,
    ),
    vouchers_not_accepted: await one(`select count(*)::int as n from comprobante where estado not in ('aceptado', 'observado')`),
    vouchers_unsigned: await one(`select count(*)::int as n from comprobante where xml is null or firmado is null`),
    duplicate_numbers: await one(`select count(*)::int as n from (select tipo, serie, correlativo from comprobante group by 1, 2, 3 having count(*) > 1) d`),
    gaps_in_series: await one(`select coalesce(sum(max_n - n), 0)::int as n from (select tipo, serie, max(correlativo) as max_n, count(distinct correlativo) as n from comprobante group by 1, 2) s`),
  };
}

async function signedAfterPaid(db: pg.Pool, paid: { codigo: string; paidAt: number }[]) {
  const { rows } = await db.query<{ codigo: string; firmado: Date }>(
    `select r.codigo, min(c.firmado) as firmado from reserva r join comprobante c on c.creserva = r.creserva where r.codigo = any($1) group by r.codigo`,
    [paid.map((sale) => sale.codigo)],
  );
  const signed = new Map(rows.map((row) => [row.codigo, row.firmado.getTime()]));
  const waits = paid.map((sale) => Math.max(0, (signed.get(sale.codigo) ?? Date.now()) - sale.paidAt));
  return { p50_ms: percentile(waits, 50), p99_ms: percentile(waits, 99) };
}

const METRICS_TOKEN = 'rush-bench-metrics-token';

/**
 * The searches' answers so far by where they came from (trips/answer-cache.ts), summed over the
 * instances still running: `database` queries, `shared` (waited for an identical one), `cached`.
 */
async function searchAnswers(cluster: Cluster) {
  const sums: Record<string, number> = { database: 0, shared: 0, cached: 0 };
  for (const instance of cluster.instances) {
    if (instance.process.exitCode !== null || instance.process.signalCode !== null) continue;
    const text = await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((res) => res.text());
    for (const match of text.matchAll(/^rumbo_trip_search_answers_total\{kind="viaje",source="(\w+)"\} (\d+)$/gm)) sums[match[1]!] = (sums[match[1]!] ?? 0) + Number(match[2]);
  }
  return sums;
}

async function main() {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL || !HAPROXY) {
    console.log('rush bench: needs DATABASE_URL, REDIS_URL and haproxy');
    return;
  }
  const loadBefore = loadavg()[0]!.toFixed(1);
  const results = await withPostgresDatabase(process.env.DATABASE_URL, 'rumbo_rush_bench_', async (databaseUrl: string) => {
    const database = await openDatabase({ databaseUrl });
    await database.migrate();
    await seedDatabase(database.db);
    await database.close();
    const cluster = await startCluster({
      databaseUrl,
      redisUrl: process.env.REDIS_URL!,
      instances: INSTANCES,
      instanceEnv: (i) => ({ VOUCHER_SERIES: `B00${i + 1},F00${i + 1}`, METRICS_TOKEN }),
    });
    const db = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    try {
      const runs = [];
      const plan = [['rush', 2, false], ['rush, one instance killed halfway', 3, true]] as const;
      for (const [label, day, kill] of process.env.BENCH_RUSH_KILLED === '0' ? plan.slice(0, 1) : plan) {
        const run = await rush(cluster, db, limaDate(day), kill);
        // A voucher the killed instance had claimed to send is taken over when its claim lapses (5 min);
        // and the stand-in checks at the lowest CPU priority (vouchers/schema.ts), so on a machine
        // busy with other work it answers after the rush, not during it: both runs wait up to 6 min.
        const waiting = await drained(db, 360);
        runs.push({ label, customers: CUSTOMERS, at_once: AT_ONCE, ...run, search_answers: await searchAnswers(cluster), paid: run.paid.length, failures: run.failures.slice(0, 5), failure_count: run.failures.length, vouchers_still_waiting: waiting, paid_to_signed: await signedAfterPaid(db, run.paid), checks: await checks(db) });
      }
      return runs;
    } finally {
      await db.end();
      await cluster.close();
    }
  });
  for (const run of results) {
    console.log(`\n${run.label}: ${run.customers} customers, ${run.at_once} at once, ${run.seconds.toFixed(1)} s; ${run.paid} paid, ${run.soldOut} found it sold out, ${run.failure_count} stopped by an error`);
    for (const [step, f] of Object.entries(run.steps)) console.log(`  ${step.padEnd(12)} ${String(f.per_s).padStart(6)}/s  p50 ${f.p50_ms} ms  p95 ${f.p95_ms} ms  p99 ${f.p99_ms} ms  ${JSON.stringify(f.statuses)}`);
    console.log(`  searches so far (instances still running): ${JSON.stringify(run.search_answers)} (SEARCH_CACHE_MS ${process.env.SEARCH_CACHE_MS ?? 'default'})`);
    console.log(`  paid → voucher signed: p50 ${run.paid_to_signed.p50_ms} ms, p99 ${run.paid_to_signed.p99_ms} ms; still waiting after the drain: ${run.vouchers_still_waiting}`);
    console.log(`  checks (each must be 0): ${JSON.stringify(run.checks)}`);
    for (const failure of run.failures) console.log(`  failure: ${failure}`);
  }
  writeResults('rush', { runs: results, load_average_before: loadBefore, load_average_after: loadavg()[0]!.toFixed(1), cores: cpus().length });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
