#!/usr/bin/env node
/**
 * API speed figures (issue 3): latency p50/p99 and requests/s of `POST /rest/viaje` and
 * `POST /rest/maqueta` at 50 connections (autocannon), and seat holds per second under
 * contention (two connections racing for every seat), on PGlite and, when DATABASE_URL is set,
 * on PostgreSQL. Budget: p99 of /rest/maqueta ≤ 50 ms on PostgreSQL. Prints a table and writes
 * bench-results/api.json.
 *
 * Issue 19 (seats per stretch): beside the whole-route figures, the same loads for a stretch in
 * the same run: `/rest/viaje` Lima → Ica (buses of five routes pass both) and `/rest/maqueta` of
 * the same bus over Ica → Arequipa; budget: p99 within 20 % of the whole route's on PostgreSQL.
 * Each pair is measured alternately BENCH_ROUNDS times (3) and reported by its round of median p99.
 * Issue 48: the fare calendar (`/rest/viaje/calendario`) beside `/rest/viaje` of the same day.
 * `BENCH_ENGINES=postgres` skips PGlite; `BENCH_PORT` moves the API's port (4700).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { channel, clientAddress, CONNECTIONS, limaDate, load, post as postTo, seatChannel, startApi, stopApi, withPostgresDatabase, writeResults } from './common.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 4700);
const base = `http://127.0.0.1:${PORT}`;
const post = (url, body) => postTo(base, url, body);
/** A load of DURATION seconds (or of `amount` requests); answers autocannon's result. */
const measure = async (options) => (await load(base, { ...(options.amount ? {} : { duration: DURATION }), ...options })).result;

const figures = (result) => ({
  p50_ms: result.latency.p50,
  p99_ms: result.latency.p99,
  req_per_s: Math.round(result.requests.average),
  non2xx: result.non2xx,
  errors: result.errors,
});

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** The round of median p99 of each load, the two loads measured alternately ROUNDS times (p99s of every round kept). */
async function alternate(first, second) {
  const rounds = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    rounds[0].push(figures(await measure(first)));
    rounds[1].push(figures(await measure(second)));
  }
  return rounds.map((list) => {
    const sorted = [...list].sort((a, b) => a.p99_ms - b.p99_ms);
    return { ...sorted[Math.floor(sorted.length / 2)], p99_rounds_ms: list.map((f) => f.p99_ms) };
  });
}

async function benchEngine(engine, env) {
  const api = await startApi(PORT, env);
  try {
    const trips = [];
    for (let day = 1; trips.length < 60; day++) {
      for (const [origen, destino] of [['LIM', 'AQP'], ['LIM', 'CUZ'], ['LIM', 'TRU'], ['LIM', 'PIU']]) {
        trips.push(...(await post('/rest/viaje', { origen, destino, fecha: limaDate(day), ...channel })));
      }
    }
    // Whole-route trips only (buses of longer routes that pass both cities are in the answers too).
    const wholeRoutes = trips.filter((t) => t.ruta_origen.cterminal === t.cterminal_origen && t.ruta_destino.cterminal === t.cterminal_destino);
    trips.splice(0, trips.length, ...wholeRoutes);
    const search = { origen: 'LIM', destino: 'AQP', fecha: limaDate(2), ...channel };
    const [trip] = trips;
    const mapBody = { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, ...seatChannel };
    await post('/rest/maqueta', mapBody); // the trip's seat rows exist from here on
    // The same bus over a stretch: Ica (81) → Arequipa (11).
    const legBody = { ...mapBody, cterminal_origen: 81, cterminal_destino: 11 };
    await post('/rest/maqueta', legBody);
    const legSearch = { origen: 'LIM', destino: 'ICA', fecha: limaDate(2), ...channel };

    // Whole route and stretch alternate, ROUNDS times each, and each answers its round of median
    // p99: on a shared machine the load of others moves from one 10 s window to the next.
    const [viaje, viaje_tramo] = await alternate({ path: '/rest/viaje', body: JSON.stringify(search) }, { path: '/rest/viaje', body: JSON.stringify(legSearch) });
    // Issue 48: the fare calendar (±7 days from one query) beside the search of the same day, in
    // the same rounds.
    const [viaje_referencia, calendario] = await alternate({ path: '/rest/viaje', body: JSON.stringify(search) }, { path: '/rest/viaje/calendario', body: JSON.stringify(search) });
    const [maqueta, maqueta_tramo] = await alternate({ path: '/rest/maqueta', body: JSON.stringify(mapBody) }, { path: '/rest/maqueta', body: JSON.stringify(legBody) });
    // The same load spread over 40 departures (no two requests share a read).
    const spreadBodies = trips.slice(1, 41).map((t) =>
      JSON.stringify({ cviaje: t.cviaje, cterminal_origen: t.cterminal_origen, cterminal_destino: t.cterminal_destino, ...seatChannel }),
    );
    for (const body of spreadBodies) await post('/rest/maqueta', JSON.parse(body));
    let spreadNext = 0;
    const maqueta_40_trips = figures(
      await measure({ path: '/rest/maqueta', requests: [{ setupRequest: (request) => ({ ...request, body: spreadBodies[spreadNext++ % spreadBodies.length] }) }] }),
    );

    // Every seat of 40 trips, each asked for by two requests back to back (two connections race).
    const queue = [];
    for (const t of trips.slice(1, 41)) {
      const body = { cviaje: t.cviaje, cterminal_origen: t.cterminal_origen, cterminal_destino: t.cterminal_destino, ...seatChannel };
      const { asientos } = await post('/rest/maqueta', body);
      for (const seat of asientos.filter((cell) => cell.gobjeto_sitio === 1)) {
        const hold = { ...body, cviaje_asiento: seat.cviaje_asiento, nasiento: seat.nasiento, gnivel_piso: seat.gnivel_piso, gcategoria_asiento: seat.gcategoria_asiento, gestado_asiento: 84 };
        // Two customers race for each seat, each from an address of their own: one client at the
        // per-client hold bound (issue 15) would release its earlier holds when it starts over.
        queue.push({ body: JSON.stringify(hold), ip: clientAddress(queue.length + 1) }, { body: JSON.stringify(hold), ip: clientAddress(queue.length + 2) });
      }
    }
    const seats = queue.length / 2;
    let next = 0;
    const started = Date.now();
    const holds = await measure({
      path: '/rest/asiento/bloquear',
      amount: queue.length,
      requests: [
        {
          setupRequest: (request) => {
            const { body, ip } = queue[next++ % queue.length];
            return { ...request, body, headers: { ...request.headers, 'x-forwarded-for': ip } };
          },
        },
      ],
    });
    const seconds = (Date.now() - started) / 1000;
    const won = holds['2xx'];
    const heldNow = (await Promise.all(trips.slice(1, 41).map(async (t) => {
      const { asientos } = await post('/rest/maqueta', { cviaje: t.cviaje, cterminal_origen: t.cterminal_origen, cterminal_destino: t.cterminal_destino, ...seatChannel });
      return asientos.filter((cell) => cell.gestado_asiento === 84).length;
    }))).reduce((a, b) => a + b, 0);
    return {
      engine,
      viaje,
      viaje_tramo,
      viaje_referencia,
      calendario,
      maqueta,
      maqueta_tramo,
      maqueta_40_trips,
      holds: {
        attempts: queue.length,
        seats,
        won,
        held_at_end: heldNow,
        refused: holds.non2xx,
        attempts_per_s: Math.round(queue.length / seconds),
        holds_per_s: Math.round(won / seconds),
        p99_ms: holds.latency.p99,
        // Each seat can be won once: a double sale would show as won > seats or won != held.
        one_winner_per_seat: won === seats && heldNow === seats,
      },
    };
  } finally {
    await stopApi(api);
  }
}

const results = [];
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
if (engines.includes('pglite')) results.push(await benchEngine('pglite', { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rumbo-api-bench-')), DATABASE_URL: '' }));
if (process.env.DATABASE_URL && engines.includes('postgres')) {
  results.push(await withPostgresDatabase(process.env.DATABASE_URL, 'rumbo_bench_', (url) => benchEngine('postgres', { DATABASE_URL: url })));
}

console.log(`\nAPI at ${CONNECTIONS} connections, ${DURATION} s per endpoint`);
console.log('engine    endpoint               p50 ms  p99 ms  req/s  non-2xx');
for (const r of results) {
  for (const name of ['viaje', 'viaje_tramo', 'viaje_referencia', 'calendario', 'maqueta', 'maqueta_tramo', 'maqueta_40_trips']) {
    const f = r[name];
    const rounds = f.p99_rounds_ms ? `  (p99 of each round: ${f.p99_rounds_ms.join(', ')})` : '';
    console.log(`${r.engine.padEnd(9)} /rest/${name.padEnd(16)} ${String(f.p50_ms).padStart(6)} ${String(f.p99_ms).padStart(7)} ${String(f.req_per_s).padStart(6)} ${String(f.non2xx).padStart(8)}${rounds}`);
  }
  const h = r.holds;
  console.log(`${r.engine.padEnd(9)} holds: ${h.attempts} attempts on ${h.seats} seats, ${h.won} won, ${h.held_at_end} held at the end, ${h.holds_per_s} holds/s (${h.attempts_per_s} attempts/s), p99 ${h.p99_ms} ms, one winner per seat: ${h.one_winner_per_seat}`);
}
const pgResult = results.find((r) => r.engine === 'postgres');
if (pgResult) {
  for (const name of ['maqueta', 'maqueta_40_trips']) {
    const p99 = pgResult[name].p99_ms;
    console.log(`budget: p99 of /rest/${name} on PostgreSQL ${p99} ms (≤ 50 ms: ${p99 <= 50 ? 'met' : 'NOT met'})`);
  }
  for (const [leg, whole] of [['viaje_tramo', 'viaje'], ['maqueta_tramo', 'maqueta']]) {
    const ratio = pgResult[leg].p99_ms / pgResult[whole].p99_ms;
    console.log(`budget: p99 of ${leg} on PostgreSQL ${pgResult[leg].p99_ms} ms vs ${whole} ${pgResult[whole].p99_ms} ms: ${Math.round((ratio - 1) * 100)} % (≤ +20 %: ${ratio <= 1.2 ? 'met' : 'NOT met'})`);
  }
}
writeResults('api', results);
