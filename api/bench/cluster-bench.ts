/**
 * Purchases per second through HAProxy with 1 and with 3 built API instances (production mode,
 * one PostgreSQL database, one Redis; each instance its own voucher series): a purchase is a reservation (`POST /rest/venta/reserva`)
 * plus its paid notice (`POST /rest/safetypay/notificacion`), each phase loaded at 50 connections
 * with autocannon; the holds, passengers and payment starts before them are not timed. Every
 * request comes from its own client address (its own loopback address, or X-Forwarded-For under autocannon), so the
 * production rate limits stay on and count per customer, as in real traffic. Then checks that
 * every reservation is paid once. Needs DATABASE_URL, REDIS_URL and haproxy.
 *
 *   pnpm --filter ./api bench:cluster          (BENCH_PURCHASES=300)
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';
import { sandboxCredentials, type SandboxOptions } from '../src/payments';
import { decimalOf } from '../src/payments/signing';
import { CLUSTER_STORE, HAPROXY, startCluster, type Cluster } from '../src/test/cluster';
import { safetyPayNotice } from '../src/test/purchase';
import { channel, CONNECTIONS, limaDate, seatChannel, withPostgresDatabase, writeResults } from './common.mjs';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 300);
/** The fields of a seat cell the bench uses. */
interface Seat {
  cviaje_asiento: number;
  nasiento: number;
  gnivel_piso: number;
  gcategoria_asiento: number;
  gobjeto_sitio: number;
  gestado_asiento: number;
}
let clients = 0;
const nextClient = () => `127.9.${Math.floor(++clients / 250) % 250}.${(clients % 250) + 1}`;

/**
 * A request from `client`'s own loopback address (HAProxy reports it in X-Forwarded-For): the
 * seat-hold bounds believe only the hop the balancer appended (issue 32 item 4), so a customer is
 * its connection's address, as in real traffic.
 */
function post<T = unknown>(base: string, url: string, body: unknown, client = nextClient()): Promise<T> {
  const payload = JSON.stringify(body);
  return new Promise<T>((resolve, reject) => {
    const req = http.request(
      base + url,
      { method: 'POST', localAddress: client, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), origin: CLUSTER_STORE } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const json = JSON.parse(text) as { data: T };
          if ((res.statusCode ?? 0) >= 300) reject(new Error(`${url} ${res.statusCode} ${text}`));
          else resolve(json.data);
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function pool<T, R>(items: T[], limit: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!, i);
      }
    }),
  );
  return results;
}

function load(base: string, path: string, bodies: string[], contentType: string) {
  let next = 0;
  return new Promise<{ result: autocannon.Result; seconds: number }>((resolve, reject) => {
    const started = Date.now();
    autocannon(
      {
        url: base + path,
        connections: CONNECTIONS,
        amount: bodies.length,
        method: 'POST',
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, 'content-type': contentType, origin: CLUSTER_STORE, 'x-forwarded-for': nextClient() },
              body: bodies[next++],
            }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ result, seconds: (Date.now() - started) / 1000 })),
    );
  });
}

const figures = ({ result, seconds }: { result: autocannon.Result; seconds: number }) => ({
  per_s: Math.round((result.requests.total / seconds) * 10) / 10,
  p50_ms: result.latency.p50,
  p99_ms: result.latency.p99,
  ok: result['2xx'],
  non2xx: result.non2xx,
  errors: result.errors,
  statuses: (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats,
});

async function run(databaseUrl: string, instances: number) {
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  await seedDatabase(database.db);
  await database.close();
  // Each instance numbers its vouchers in a series of its own (B001/F001, B002/F002, …), as
  // docs/operations.md has an operator configure a fleet (issue 44): with one series the fleet's
  // sales would queue on its counter row at every commit.
  const cluster: Cluster = await startCluster({ databaseUrl, redisUrl: process.env.REDIS_URL!, instances, instanceEnv: (i) => ({ VOUCHER_SERIES: `B00${i + 1},F00${i + 1}` }) });
  const base = cluster.url;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const seats: { body: Record<string, unknown>; seat: Seat }[] = [];
    for (let day = 1; seats.length < PURCHASES; day++) {
      for (const [origen, destino] of [['LIM', 'AQP'], ['LIM', 'CUZ'], ['LIM', 'TRU'], ['LIM', 'ICA']]) {
        for (const trip of await post<{ cviaje: number; cterminal_origen: number; cterminal_destino: number }[]>(base, '/rest/viaje', { origen, destino, fecha: limaDate(day), ...channel })) {
          const body = { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, ...seatChannel };
          const { asientos } = await post<{ asientos: Seat[] }>(base, '/rest/maqueta', body);
          for (const seat of asientos.filter((c) => c.gobjeto_sitio === 1 && c.gestado_asiento === 83)) seats.push({ body, seat });
        }
      }
    }
    const keys = await pool(seats.slice(0, PURCHASES), 20, async ({ body, seat }, i) => {
      const client = nextClient();
      const held = await post<{ clave_bloqueo: string }>(base, '/rest/asiento/bloquear', { ...body, cviaje_asiento: seat.cviaje_asiento, nasiento: seat.nasiento, gnivel_piso: seat.gnivel_piso, gcategoria_asiento: seat.gcategoria_asiento, gestado_asiento: 84 }, client);
      await post(base, '/rest/asiento/asociar', {
        clave_bloqueo: held.clave_bloqueo,
        cviaje_asiento: seat.cviaje_asiento,
        pasajero: { ctipo_documento: 19, numero: String(50_000_000 + i), nombres: 'Ana', paterno: 'Quispe', materno: 'Rojas', email: `ana${i}@example.pe`, celular: '987654321', genero: 'F', nacimiento: '1990-01-01' },
      }, client);
      return held.clave_bloqueo;
    });

    const reserve = await load(base, '/rest/venta/reserva', keys.map((clave) => JSON.stringify({ clave_bloqueo: clave, comprador: { nombre: 'Ana Quispe', email: 'ana@example.pe', comprobante: 'boleta' }, terminos: true })), 'application/json');
    const { rows: reserved } = await db.query(`select codigo, clave_hash from reserva where estado = 'pendiente'`);
    const byHash = new Map(keys.map((clave) => [createHash('sha256').update(clave).digest('hex'), clave]));
    await pool(reserved, 20, (r: { codigo: string; clave_hash: string }) => post(base, '/rest/safetypay', { codigo: r.codigo, clave_bloqueo: byHash.get(r.clave_hash), metodo: 'tarjeta' }));
    const { rows: payments } = await db.query(`select p.referencia, p.monto_centimos from pago p join reserva r on r.creserva = p.creserva where r.estado = 'pendiente'`);
    const sandbox = sandboxCredentials(cluster.sessionSecret) as SandboxOptions;
    const notices = payments.map((p: { referencia: string; monto_centimos: number }, i: number) =>
      safetyPayNotice(sandbox, { referencia: p.referencia, amount: decimalOf(p.monto_centimos), referenceNo: String(7_000_000_000 + i) }, new Date()),
    );
    const notify = await load(base, '/rest/safetypay/notificacion', notices, 'application/x-www-form-urlencoded');
    const { rows: [check] } = await db.query(`select (select count(*)::int from reserva where estado = 'pagada') as paid, (select count(*)::int from boleto) as tickets`);
    return {
      instances,
      purchases: PURCHASES,
      purchases_per_s: Math.round((PURCHASES / (reserve.seconds + notify.seconds)) * 10) / 10,
      reservations: figures(reserve),
      paid_notices: figures(notify),
      paid: check.paid,
      tickets: check.tickets,
    };
  } finally {
    await db.end();
    await cluster.close();
  }
}

async function main() {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL || !HAPROXY) {
    console.log('cluster bench: needs DATABASE_URL, REDIS_URL and haproxy');
    return;
  }
  const results = [];
  for (const instances of (process.env.BENCH_INSTANCES ?? '1,3').split(',').map(Number)) {
    const before = loadavg()[0]!.toFixed(1);
    const result = await withPostgresDatabase(process.env.DATABASE_URL, 'rumbo_cluster_bench_', (url: string) => run(url, instances));
    results.push({ ...result, load_average_before: before, load_average_after: loadavg()[0]!.toFixed(1), cores: cpus().length });
    const r = results.at(-1)!;
    console.log(
      `${instances} instance(s): ${r.purchases_per_s} purchases/s; reservations ${r.reservations.per_s}/s p99 ${r.reservations.p99_ms} ms; ` +
        `paid notices ${r.paid_notices.per_s}/s p99 ${r.paid_notices.p99_ms} ms; ${r.paid}/${r.purchases} paid, ${r.tickets} tickets; load ${r.load_average_before} → ${r.load_average_after} (${r.cores} cores)`,
    );
  }
  writeResults('cluster', results);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
