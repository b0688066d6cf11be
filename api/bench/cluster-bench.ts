/**
 * Purchases per second through HAProxy with 1 and with 3 built API instances (production mode,
 * one PostgreSQL database, one Redis; each instance its own voucher series): a purchase is a reservation (`POST /rest/venta/reserva`)
 * plus its paid notice (`POST /rest/safetypay/notificacion`), each phase loaded at 50 connections
 * with autocannon; the holds, passengers and payment starts before them are not timed, nor the warm-up
 * purchases (BENCH_WARM_PURCHASES per instance) bought the same way before. Prints the CPU each part
 * of the fleet spends per purchase and per second idle (BENCH_COUNT_QUERIES=1: statements too). Every
 * request comes from its own client address (its own loopback address, or X-Forwarded-For under autocannon), so the
 * production rate limits stay on and count per customer, as in real traffic. Then checks that
 * every reservation is paid once. Needs DATABASE_URL, REDIS_URL and haproxy.
 *
 *   pnpm --filter ./api bench:cluster          (BENCH_PURCHASES=300)
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
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
/**
 * Purchases per instance bought first, untimed (BENCH_WARM_PURCHASES, default 30; 0: none): a fleet
 * meets a rush warm, and a process's first requests cost it more (V8 compiling the hot paths, first
 * reads of what it keeps): cold, three instances pay that three times within the timed purchases.
 */
const WARM_PER_INSTANCE = Number(process.env.BENCH_WARM_PURCHASES ?? 30);
/** Seconds of the idle fleet measured before the purchases (what its pollers cost). */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);

/** utime + stime (ms) of a /proc stat file (fields 14 and 15, man 5 proc; 100 ticks a second); 0 when gone. */
function statCpu(file: string): number {
  try {
    const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU time (ms) used so far by each part of the fleet: every instance's event loop (its main thread)
 * and its other threads (GC, the stand-in's schema checks, ended threads included), the PostgreSQL
 * backends serving the bench's database (by pid: a backend started later counts from 0), HAProxy,
 * Redis (the machine's shared server: what others send it counts too) and this process (the
 * load generator). Linux /proc.
 */
async function cpuNow(cluster: Cluster, db: pg.Client) {
  const { rows } = await db.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
  const redisInfo = await redisCpu();
  const usage = process.cpuUsage();
  return {
    instances: cluster.instances.map((instance) => ({ main: statCpu(`/proc/${instance.process.pid}/task/${instance.process.pid}/stat`), total: statCpu(`/proc/${instance.process.pid}/stat`) })),
    postgres: new Map(rows.map(({ pid }) => [pid, statCpu(`/proc/${pid}/stat`)])),
    haproxy: statCpu(`/proc/${cluster.balancerPid}/stat`),
    redis: redisInfo,
    bench: (usage.user + usage.system) / 1000,
    transactions: Number((await db.query<{ n: string }>(`select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`)).rows[0]!.n),
  };
}
type Cpu = Awaited<ReturnType<typeof cpuNow>>;

/** Redis's own CPU (ms) so far, from INFO cpu over a plain connection (RESP inline command). */
function redisCpu(): Promise<number> {
  const url = new URL(process.env.REDIS_URL!);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port || 6379), url.hostname);
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const user = /used_cpu_user:([\d.]+)/.exec(text);
      const sys = /used_cpu_sys:([\d.]+)/.exec(text);
      if (user && sys) {
        socket.end();
        resolve((Number(user[1]) + Number(sys[1])) * 1000);
      }
    });
    socket.on('error', () => resolve(0));
    socket.write('INFO cpu\r\n');
  });
}

/** CPU (ms) per `count` between two snapshots, per part. */
function cpuPer(before: Cpu, after: Cpu, count: number) {
  const per = (ms: number) => Math.round((ms / count) * 100) / 100;
  const mains = after.instances.map((instance, i) => instance.main - before.instances[i]!.main);
  const totals = after.instances.map((instance, i) => instance.total - before.instances[i]!.total);
  const postgres = [...after.postgres].reduce((sum, [pid, ms]) => sum + ms - (before.postgres.get(pid) ?? 0), 0);
  const parts = {
    api_event_loops_ms: per(mains.reduce((a, b) => a + b, 0)),
    api_other_threads_ms: per(totals.reduce((a, b) => a + b, 0) - mains.reduce((a, b) => a + b, 0)),
    postgres_ms: per(postgres),
    haproxy_ms: per(after.haproxy - before.haproxy),
    redis_ms: per(after.redis - before.redis),
    load_generator_ms: per(after.bench - before.bench),
  };
  return { ...parts, fleet_ms: per(mains.length ? totals.reduce((a, b) => a + b, 0) + postgres + after.haproxy - before.haproxy + after.redis - before.redis : 0), transactions: per(after.transactions - before.transactions) };
}

/** Statements each instance sent so far (bench/count-queries.cjs, asked by SIGUSR2), summed by text. */
async function statementsNow(cluster: Cluster, dir: string | undefined): Promise<Map<string, number>> {
  const sums = new Map<string, number>();
  if (!dir) return sums;
  for (const instance of cluster.instances) instance.process.kill('SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const instance of cluster.instances) {
    try {
      for (const [text, n] of Object.entries(JSON.parse(readFileSync(path.join(dir, `${instance.process.pid}.json`), 'utf8')) as Record<string, number>)) sums.set(text, (sums.get(text) ?? 0) + n);
    } catch {
      // Not written (yet).
    }
  }
  return sums;
}

function statementsPer(before: Map<string, number>, after: Map<string, number>, count: number) {
  const diff = [...after].map(([text, n]) => [text, n - (before.get(text) ?? 0)] as const).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
  const total = diff.reduce((sum, [, n]) => sum + n, 0);
  return { per: Math.round((total / count) * 100) / 100, top: diff.slice(0, 12).map(([text, n]) => `${(n / count).toFixed(2)} ${text}`) };
}
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
        connections: Math.min(CONNECTIONS, bodies.length),
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
  // BENCH_COUNT_QUERIES=1: each instance counts its statements (bench/count-queries.cjs).
  const countDir = process.env.BENCH_COUNT_QUERIES === '1' ? mkdtempSync(path.join(tmpdir(), 'rumbo-count-queries-')) : undefined;
  const countEnv: Record<string, string> = countDir ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${path.join(__dirname, 'count-queries.cjs')}`, BENCH_COUNT_QUERIES_DIR: countDir } : {};
  const cluster: Cluster = await startCluster({ databaseUrl, redisUrl: process.env.REDIS_URL!, instances, env: countEnv, instanceEnv: (i) => ({ VOUCHER_SERIES: `B00${i + 1},F00${i + 1}` }) });
  const base = cluster.url;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const warm = WARM_PER_INSTANCE * instances;
    const seats: { body: Record<string, unknown>; seat: Seat }[] = [];
    for (let day = 1; seats.length < PURCHASES + warm; day++) {
      for (const [origen, destino] of [['LIM', 'AQP'], ['LIM', 'CUZ'], ['LIM', 'TRU'], ['LIM', 'ICA']]) {
        for (const trip of await post<{ cviaje: number; cterminal_origen: number; cterminal_destino: number }[]>(base, '/rest/viaje', { origen, destino, fecha: limaDate(day), ...channel })) {
          const body = { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, ...seatChannel };
          const { asientos } = await post<{ asientos: Seat[] }>(base, '/rest/maqueta', body);
          for (const seat of asientos.filter((c) => c.gobjeto_sitio === 1 && c.gestado_asiento === 83)) seats.push({ body, seat });
        }
      }
    }
    const keys = await pool(seats.slice(0, PURCHASES + warm), 20, async ({ body, seat }, i) => {
      const client = nextClient();
      const held = await post<{ clave_bloqueo: string }>(base, '/rest/asiento/bloquear', { ...body, cviaje_asiento: seat.cviaje_asiento, nasiento: seat.nasiento, gnivel_piso: seat.gnivel_piso, gcategoria_asiento: seat.gcategoria_asiento, gestado_asiento: 84 }, client);
      await post(base, '/rest/asiento/asociar', {
        clave_bloqueo: held.clave_bloqueo,
        cviaje_asiento: seat.cviaje_asiento,
        pasajero: { ctipo_documento: 19, numero: String(50_000_000 + i), nombres: 'Ana', paterno: 'Quispe', materno: 'Rojas', email: `ana${i}@example.pe`, celular: '987654321', genero: 'F', nacimiento: '1990-01-01' },
      }, client);
      return held.clave_bloqueo;
    });

    const sandbox = sandboxCredentials(cluster.sessionSecret) as SandboxOptions;
    let notified = 0;
    /** Reserves `claves` (50 connections), starts their payments, then sends their paid notices (50 connections). */
    const buy = async (claves: string[]) => {
      const reserve = await load(base, '/rest/venta/reserva', claves.map((clave) => JSON.stringify({ clave_bloqueo: clave, comprador: { nombre: 'Ana Quispe', email: 'ana@example.pe', comprobante: 'boleta' }, terminos: true })), 'application/json');
      const { rows: reserved } = await db.query(`select codigo, clave_hash from reserva where estado = 'pendiente'`);
      const byHash = new Map(claves.map((clave) => [createHash('sha256').update(clave).digest('hex'), clave]));
      await pool(reserved, 20, (r: { codigo: string; clave_hash: string }) => post(base, '/rest/safetypay', { codigo: r.codigo, clave_bloqueo: byHash.get(r.clave_hash), metodo: 'tarjeta' }));
      const { rows: payments } = await db.query(`select p.referencia, p.monto_centimos from pago p join reserva r on r.creserva = p.creserva where r.estado = 'pendiente'`);
      const notices = payments.map((p: { referencia: string; monto_centimos: number }) =>
        safetyPayNotice(sandbox, { referencia: p.referencia, amount: decimalOf(p.monto_centimos), referenceNo: String(7_000_000_000 + notified++) }, new Date()),
      );
      const notify = await load(base, '/rest/safetypay/notificacion', notices, 'application/x-www-form-urlencoded');
      return { reserve, notify };
    };
    if (warm > 0) {
      await buy(keys.slice(PURCHASES));
      // Until the warm purchases' vouchers are signed and sent (the outbox idle again).
      for (let i = 0; i < 60; i += 1) {
        const { rows: [waiting] } = await db.query(`select count(*)::int as n from comprobante where estado = 'pendiente'`);
        if (waiting.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }

    // The idle fleet: what the instances' pollers cost with nothing to do (per second).
    const idleBefore = await cpuNow(cluster, db);
    const idleStatementsBefore = await statementsNow(cluster, countDir);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idle = cpuPer(idleBefore, await cpuNow(cluster, db), IDLE_SECONDS);
    const idleStatements = statementsPer(idleStatementsBefore, await statementsNow(cluster, countDir), IDLE_SECONDS);

    const cpuBefore = await cpuNow(cluster, db);
    const statementsBefore = await statementsNow(cluster, countDir);
    const { reserve, notify } = await buy(keys.slice(0, PURCHASES));
    const cpuAfter = await cpuNow(cluster, db);
    const statementsAfter = await statementsNow(cluster, countDir);
    const { rows: [check] } = await db.query(`select (select count(*)::int from reserva where estado = 'pagada') as paid, (select count(*)::int from boleto) as tickets`);
    check.paid -= warm;
    check.tickets -= warm;
    return {
      instances,
      purchases: PURCHASES,
      warm_purchases: warm,
      purchases_per_s: Math.round((PURCHASES / (reserve.seconds + notify.seconds)) * 10) / 10,
      reservations: figures(reserve),
      paid_notices: figures(notify),
      paid: check.paid,
      tickets: check.tickets,
      // CPU per purchase over both timed phases (reservations, payment starts between them, paid
      // notices): what a machine loaded by others changes least; and the idle fleet's per second.
      cpu_per_purchase: cpuPer(cpuBefore, cpuAfter, PURCHASES),
      statements_per_purchase: countDir ? statementsPer(statementsBefore, statementsAfter, PURCHASES) : undefined,
      idle_per_second: { ...idle, statements: countDir ? idleStatements : undefined },
    };
  } finally {
    await db.end();
    await cluster.close();
    if (countDir) rmSync(countDir, { recursive: true, force: true });
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
    console.log(`  after ${r.warm_purchases} warm-up purchases (untimed); CPU per purchase (ms): ${JSON.stringify(r.cpu_per_purchase)}`);
    console.log(`  idle fleet, CPU per second (ms): ${JSON.stringify({ ...r.idle_per_second, statements: r.idle_per_second.statements?.per })}`);
    if (r.statements_per_purchase) console.log(`  statements per purchase: ${r.statements_per_purchase.per}\n    ${r.statements_per_purchase.top.join('\n    ')}`);
    if (r.idle_per_second.statements) console.log(`  idle statements per second: ${r.idle_per_second.statements.per}\n    ${r.idle_per_second.statements.top.join('\n    ')}`);
  }
  writeResults('cluster', results);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
