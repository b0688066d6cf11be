import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SeatCell } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import { setupTestApp } from '../test/app';
import { createEmptyTestDatabase } from '../test/database';
import { CHANNEL, post, seatBody } from '../test/purchase';
import type { Database } from './client';
import { queryRows } from './rows';
import { seedAgencies } from '../agencies/agencies.seed';
import { seedContent } from '../content/content.seed';
import { seedDestinations } from '../content/destinations.seed';
import { seedTrips } from '../trips/trips.seed';

/**
 * Migration 0012 (issue 19) on a database that has seats the way 0011 kept them: one row per seat
 * of a trip, free, held (live and expired) and sold. Every row must come through with its id,
 * state, key, expiry and client, now over the whole route.
 */
const MIGRATIONS = path.join(__dirname, 'migrations');

/** The committed migrations up to and including `last` (idx), in a folder of their own. */
function migrationsUpTo(last: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'rumbo-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  const tags = new Set(journal.entries.map((entry) => `${entry.tag}.sql`));
  for (const file of readdirSync(MIGRATIONS)) if (tags.has(file)) copyFileSync(path.join(MIGRATIONS, file), path.join(folder, file));
  return folder;
}

interface LegacyRow {
  cviaje_asiento: number;
  cviaje: number;
  nasiento: number;
  gestado_asiento: number;
  clave_hash: string | null;
  expira: string | null;
  cliente_hash: string | null;
}

const legacyRows = (db: Database, cviaje: number) =>
  queryRows<LegacyRow>(db, sql`
    select cviaje_asiento, cviaje, nasiento, gestado_asiento, clave_hash, expira::text as expira, cliente_hash
    from viaje_asiento where cviaje = ${cviaje} order by cviaje_asiento`);

let before: LegacyRow[] = [];
let cviaje = 0;

const api = setupTestApp(
  {},
  {
    timeout: 120_000,
    database: async () => {
      const handle = await createEmptyTestDatabase();
      const upTo0011 = migrationsUpTo(11);
      try {
        await handle.migrate(upTo0011);
      } finally {
        rmSync(upTo0011, { recursive: true, force: true });
      }
      // The reference data the trips need, as 0011 had it: not the cargo seed, which writes the
      // columns of today's schema (since 0021) that a database at 0011 does not have yet.
      await seedContent(handle.db);
      await seedTrips(handle.db);
      await seedDestinations(handle.db);
      await seedAgencies(handle.db);
      // A Lima → Arequipa departure five days ahead, its seat rows as 0011 created them.
      const [trip] = await queryRows<{ cviaje: number }>(handle.db, sql`
        select v.cviaje from viaje v join ruta r on r.cruta = v.cruta
        where r.cterminal_origen = 41 and r.cterminal_destino = 11 and v.salida > now() + interval '5 days'
        order by v.salida limit 1`);
      cviaje = Number(trip!.cviaje);
      await handle.db.execute(sql`
        insert into viaje_asiento (cviaje, nasiento, gnivel_piso, gcategoria_asiento)
        select v.cviaje, s.nasiento, s.gnivel_piso, s.gcategoria_asiento
        from viaje v join maqueta_sitio s on s.cmaqueta = v.cmaqueta and s.gobjeto_sitio = 1
        where v.cviaje = ${cviaje}`);
      await handle.db.execute(sql`update viaje set asientos_creados = true where cviaje = ${cviaje}`);
      await handle.db.execute(sql`update viaje_asiento set gestado_asiento = 82 where cviaje = ${cviaje} and nasiento = 1`);
      await handle.db.execute(sql`
        update viaje_asiento set gestado_asiento = 84, clave_hash = 'live-key', cliente_hash = 'client-a', expira = now() + interval '1 hour'
        where cviaje = ${cviaje} and nasiento = 2`);
      await handle.db.execute(sql`
        update viaje_asiento set gestado_asiento = 84, clave_hash = 'old-key', cliente_hash = 'client-b', expira = now() - interval '1 hour'
        where cviaje = ${cviaje} and nasiento = 3`);
      before = await legacyRows(handle.db, cviaje);
      await handle.migrate();
      return handle;
    },
  },
);

const map = async (cterminal_origen: number, cterminal_destino: number) => {
  const res = await post(api.app, '/rest/maqueta', { cviaje, cterminal_origen, cterminal_destino, ...CHANNEL });
  expect(res.statusCode).toBe(200);
  const seats = (res.json().data.asientos as SeatCell[]).filter((cell) => cell.gobjeto_sitio === 1);
  return new Map(seats.map((seat) => [seat.nasiento!, seat]));
};

describe('migration 0012: seats per stretch', () => {
  it('keeps every seat row with its id, state, key, expiry and client, over the whole route', async () => {
    expect(before.length).toBeGreaterThan(30);
    expect(await legacyRows(api.db, cviaje)).toEqual(before);
    const ranges = await queryRows<{ paradas: string }>(api.db, sql`select distinct paradas::text as paradas from viaje_asiento where cviaje = ${cviaje}`);
    // Lima (0), Paracas, Ica, Nasca (1–3), Arequipa (4).
    expect(ranges).toEqual([{ paradas: '[0,4)' }]);
  });

  it('the migrated sale and live hold take their seats on every stretch; the expired hold is free', async () => {
    const whole = await map(41, 11);
    expect(whole.get(1)).toMatchObject({ gestado_asiento: 82, cviaje_asiento: before.find((r) => r.nasiento === 1)!.cviaje_asiento });
    expect(whole.get(2)!.gestado_asiento).toBe(84);
    expect(whole.get(3)!.gestado_asiento).toBe(83);
    for (const [from, to] of [
      [41, 81],
      [81, 11],
      [91, 11],
    ] as const) {
      const leg = await map(from, to);
      expect([leg.get(1)!.gestado_asiento, leg.get(2)!.gestado_asiento, leg.get(3)!.gestado_asiento]).toEqual([82, 84, 83]);
    }
    // The expired hold gives way to a hold over a stretch it covered.
    const ica = await map(81, 11);
    const res = await post(api.app, '/rest/asiento/bloquear', seatBody({ cviaje, cterminal_origen: 81, cterminal_destino: 11 }, ica.get(3)!, 84));
    expect(res.statusCode).toBe(200);
  });
});
