#!/usr/bin/env node
/**
 * Sales throughput on PostgreSQL (issue 4): reservations per second (`POST /rest/venta/reserva`,
 * each a distinct purchase with held seats and passengers) and paid notices per second (`POST
 * /rest/safetypay/notificacion`, each a signed SafetyPay notice that sells the seats, issues the
 * tickets and queues the mail in one transaction), at 50 connections with autocannon. Then checks
 * that every reservation is paid once with one ticket per seat. Needs DATABASE_URL; writes
 * bench-results/sales.json. BENCH_PURCHASES (600), BENCH_SALES_PORT (4701): the API's port.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { channel, CONNECTIONS, limaDate, load, post as postTo, seatChannel, startApi as startServer, stopApi, withPostgresDatabase, writeResults } from './common.mjs';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 600);
const PORT = Number(process.env.BENCH_SALES_PORT ?? 4701);
const base = `http://127.0.0.1:${PORT}`;
const keys = { apiKey: randomBytes(12).toString('hex'), signatureKey: randomBytes(24).toString('hex') };
const post = (url, body, client) => postTo(base, url, body, client);

if (!process.env.DATABASE_URL) {
  console.log('sales bench: set DATABASE_URL (a PostgreSQL server where databases can be created)');
  process.exit(0);
}

/** Lima wall clock `YYYY-MM-DDTHH:mm:ss` (SafetyPay's RequestDateTime). */
const limaDateTime = (date) => new Date(date.getTime() - 5 * 3600_000).toISOString().slice(0, 19);
const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

const startApi = (env) =>
  startServer(PORT, { BENCH_SAFETYPAY_API_KEY: keys.apiKey, BENCH_SAFETYPAY_SIGNATURE_KEY: keys.signatureKey, ...env });

/** utime + stime (ms) of a /proc stat file (fields 14 and 15, man 5 proc; 100 ticks a second). */
function statCpu(file) {
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * CPU time (ms) the process `pid` has used so far: in all (its ended threads included: the xmllint
 * runs of the schema checks end with each run) and on its main thread (the event loop). Linux
 * /proc; zeros elsewhere.
 */
function processCpu(pid) {
  try {
    return { total: statCpu(`/proc/${pid}/stat`), main: statCpu(`/proc/${pid}/task/${pid}/stat`) };
  } catch {
    return { total: 0, main: 0 };
  }
}

/** CPU time (ms) used so far by the PostgreSQL backends serving `db`'s database. */
async function backendCpu(db) {
  const { rows } = await db.query(`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
  const byPid = new Map();
  for (const { pid } of rows) {
    try {
      byPid.set(pid, statCpu(`/proc/${pid}/stat`));
    } catch {
      // Not on this machine, or gone.
    }
  }
  return byPid;
}

/** Runs `work` over `items` with at most `limit` at once. */
async function pool(items, limit, work) {
  const results = [];
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  }));
  return results;
}

async function run(databaseUrl) {
  const api = await startApi({ DATABASE_URL: databaseUrl });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // Seats: every free seat of enough departures, one purchase per seat.
    const seats = [];
    for (let day = 1; seats.length < PURCHASES; day++) {
      for (const [origen, destino] of [['LIM', 'AQP'], ['LIM', 'CUZ'], ['LIM', 'TRU'], ['LIM', 'ICA']]) {
        for (const trip of await post('/rest/viaje', { origen, destino, fecha: limaDate(day), ...channel })) {
          const body = { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, ...seatChannel };
          const { asientos } = await post('/rest/maqueta', body);
          for (const seat of asientos.filter((c) => c.gobjeto_sitio === 1 && c.gestado_asiento === 83)) seats.push({ body, seat });
        }
      }
    }
    const chosen = seats.slice(0, PURCHASES);
    const purchases = await pool(chosen, 20, async ({ body, seat }, i) => {
      // Each purchase is a customer of its own (its own address: see clientAddress).
      const held = await post('/rest/asiento/bloquear', {
        ...body, cviaje_asiento: seat.cviaje_asiento, nasiento: seat.nasiento, gnivel_piso: seat.gnivel_piso, gcategoria_asiento: seat.gcategoria_asiento, gestado_asiento: 84,
      }, i + 1);
      await post('/rest/asiento/asociar', {
        clave_bloqueo: held.clave_bloqueo,
        cviaje_asiento: seat.cviaje_asiento,
        pasajero: { ctipo_documento: 19, numero: String(50_000_000 + i), nombres: 'Ana', paterno: 'Quispe', materno: 'Rojas', email: `ana${i}@example.pe`, celular: '987654321', genero: 'F', nacimiento: '1990-01-01' },
      }, i + 1);
      return held.clave_bloqueo;
    });

    const reserveBodies = purchases.map((clave) => JSON.stringify({ clave_bloqueo: clave, comprador: { nombre: 'Ana Quispe', email: 'ana@example.pe', comprobante: 'boleta' }, terminos: true }));
    let nextReserve = 0;
    const reservations = await load(base, {
      path: '/rest/venta/reserva',
      amount: reserveBodies.length,
      requests: [{ setupRequest: (request) => ({ ...request, body: reserveBodies[nextReserve++] }) }],
    });

    // A payment started for each (through the sandbox standing in for SafetyPay), then one signed notice each.
    const { rows: reserved } = await db.query(`select codigo, clave_hash from reserva where estado = 'pendiente'`);
    const byHash = new Map(purchases.map((clave) => [createHash('sha256').update(clave).digest('hex'), clave]));
    await pool(reserved, 20, (r) => post('/rest/safetypay', { codigo: r.codigo, clave_bloqueo: byHash.get(r.clave_hash), metodo: 'tarjeta' }));
    const { rows: payments } = await db.query(`select p.referencia, p.monto_centimos from pago p join reserva r on r.creserva = p.creserva where r.estado = 'pendiente'`);
    const at = limaDateTime(new Date());
    const notices = payments.map((p, i) => {
      const form = {
        ApiKey: keys.apiKey, RequestDateTime: at, MerchantSalesID: p.referencia, ReferenceNo: String(8_000_000_000 + i), CreationDateTime: at,
        Amount: `${Math.trunc(p.monto_centimos / 100)}.${String(p.monto_centimos % 100).padStart(2, '0')}`, CurrencyID: 'PEN', PaymentReferenceNo: '12345678', Status: '102',
      };
      form.Signature = sha256(form.RequestDateTime + form.MerchantSalesID + form.ReferenceNo + form.CreationDateTime + form.Amount + form.CurrencyID + form.PaymentReferenceNo + form.Status + keys.signatureKey);
      return new URLSearchParams(form).toString();
    });
    let nextNotice = 0;
    const cpuBefore = { api: processCpu(api.pid), pg: await backendCpu(db) };
    const paid = await load(base, {
      path: '/rest/safetypay/notificacion',
      amount: notices.length,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      requests: [{ setupRequest: (request) => ({ ...request, body: notices[nextNotice++] }) }],
    });

    const cpuAfter = { api: processCpu(api.pid), pg: await backendCpu(db) };
    const perNotice = (ms) => Math.round((ms / notices.length) * 100) / 100;
    const cpu = {
      api_main_ms: perNotice(cpuAfter.api.main - cpuBefore.api.main),
      api_other_threads_ms: perNotice(cpuAfter.api.total - cpuAfter.api.main - (cpuBefore.api.total - cpuBefore.api.main)),
      postgres_ms: perNotice([...cpuAfter.pg].reduce((sum, [pid, ms]) => sum + ms - (cpuBefore.pg.get(pid) ?? 0), 0)),
    };
    const { rows: [check] } = await db.query(`
      select (select count(*)::int from reserva where estado = 'pagada') as pagadas,
             (select count(*)::int from boleto) as boletos,
             (select count(*)::int from outbox where adjunto like 'boletos:%') as correos`);
    return {
      purchases: PURCHASES,
      reservations: {
        ok: reservations.result['2xx'], non2xx: reservations.result.non2xx,
        per_s: Math.round(reservations.result['2xx'] / reservations.seconds),
        p50_ms: reservations.result.latency.p50, p99_ms: reservations.result.latency.p99,
      },
      paid_notices: {
        ok: paid.result['2xx'], non2xx: paid.result.non2xx,
        per_s: Math.round(paid.result['2xx'] / paid.seconds),
        p50_ms: paid.result.latency.p50, p99_ms: paid.result.latency.p99,
        // CPU per paid notice while they ran (all of the API process's work then, the outbox's included):
        // what a loaded machine changes least.
        cpu_per_notice: cpu,
      },
      check: { ...check, all_paid_once: check.pagadas === PURCHASES && check.boletos === PURCHASES && check.correos === PURCHASES },
    };
  } finally {
    await db.end();
    await stopApi(api);
  }
}

const result = await withPostgresDatabase(process.env.DATABASE_URL, 'rumbo_sales_bench_', run);

const r = result.reservations;
const p = result.paid_notices;
console.log(`\nSales on PostgreSQL, ${result.purchases} purchases, ${CONNECTIONS} connections`);
console.log(`reservations: ${r.per_s}/s (p50 ${r.p50_ms} ms, p99 ${r.p99_ms} ms, ${r.ok} ok, ${r.non2xx} non-2xx)`);
console.log(`paid notices: ${p.per_s}/s (p50 ${p.p50_ms} ms, p99 ${p.p99_ms} ms, ${p.ok} ok, ${p.non2xx} non-2xx)`);
const c = p.cpu_per_notice;
console.log(`CPU per paid notice: API event loop ${c.api_main_ms} ms, its other threads (GC, the schema checks) ${c.api_other_threads_ms} ms, PostgreSQL ${c.postgres_ms} ms; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log(`check: ${result.check.pagadas} paid, ${result.check.boletos} tickets, ${result.check.correos} mails queued; all paid once: ${result.check.all_paid_once}`);
writeResults('sales', result);
