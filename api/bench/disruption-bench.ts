/**
 * Issue 35, item 3: a cancelled holiday departure, 10 buses × 60 passengers. Sells 60 seats of
 * each of 10 trips (one purchase per ticket, half in Spanish, half in English: 600 mails), then
 * the operator cancels the 10 trips at once through the API (`POST /rest/operador/incidencia`),
 * and three mail senders (three instances' outbox loops) drain the outbox; the third is "killed"
 * after 100 mails (its transport stops answering: the batch it had claimed waits for its claim
 * to lapse, as after a real crash). Prints: how long until every message was queued, how many
 * were sent within 60 s of the declaration, and that each was sent once.
 *
 *   pnpm --filter ./api exec tsx bench/disruption-bench.ts                 (PGlite in memory)
 *   API_TEST_DB=postgres DATABASE_URL=postgres://… pnpm --filter ./api exec tsx bench/disruption-bench.ts
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { queryRows } from '../src/db/rows';
import { outbox } from '../src/mail/mail.tables';
import { createMailSender, type MailTransport } from '../src/mail/sender';
import { parseOperatorTokens } from '../src/operators/operators';
import { insertReservation } from '../src/sales/reservations';
import { boleto, reserva_asiento } from '../src/sales/sales.tables';
import { ticketQr } from '../src/sales/tickets';
import { createTestDatabase } from '../src/test/database';

const BUSES = 10;
const PASSENGERS = 60;
const SECRET = 'bench-session-secret-of-forty-characters!';
const TOKEN = 'f3a9c1d47e8b20c6a5d9e1f07b3c8a4d2e6f1b9c';
/** What one SMTP hand-over takes (a local relay). */
const SMTP_MS = Number(process.env.BENCH_SMTP_MS ?? 5);

async function main() {
  const database = await createTestDatabase();
  const { db } = database;
  const app = await buildApp({ db, sessionSecret: SECRET, operators: parseOperatorTokens(`ops-bench=${TOKEN}`), siteUrl: 'https://www.rumboandino.pe', writeRateLimit: { max: 1e6, timeWindow: 60_000 } });

  // 10 departures of buses with at least 60 seats, from the day after tomorrow on.
  const trips = await queryRows<{ cviaje: number; cmaqueta: number; escalas: number }>(db, sql`
    select v.cviaje, v.cmaqueta, (select count(*)::int from ruta_escala e where e.cruta = v.cruta) as escalas
    from viaje v join maqueta m on m.cmaqueta = v.cmaqueta
    where m.asientos >= ${PASSENGERS} and v.salida > now() + interval '2 days'
    order by v.salida, v.cviaje limit ${BUSES}`);
  if (trips.length < BUSES) throw new Error(`only ${trips.length} trips with ${PASSENGERS} seats`);

  const sold = Date.now();
  let n = 0;
  for (const trip of trips) {
    const paradas = `[0,${Number(trip.escalas) + 1})`;
    await db.execute(sql`
      insert into viaje_asiento (cviaje, nasiento, paradas, gnivel_piso, gcategoria_asiento, gestado_asiento)
      select ${trip.cviaje}::int, nasiento, ${paradas}::int4range, gnivel_piso, gcategoria_asiento, 82
      from maqueta_sitio where cmaqueta = ${trip.cmaqueta} and gobjeto_sitio = 1 and nasiento <= ${PASSENGERS}
      on conflict (cviaje, nasiento, paradas) do nothing`);
    const seats = await queryRows<{ cviaje_asiento: number; nasiento: number; gnivel_piso: number }>(db, sql`
      select cviaje_asiento, nasiento, gnivel_piso from viaje_asiento where cviaje = ${trip.cviaje} and nasiento <= ${PASSENGERS} order by nasiento`);
    await db.transaction(async (tx) => {
      for (const seat of seats) {
        n += 1;
        const language = n % 2 === 0 ? 'en-EN' : 'es-PE';
        const r = await insertReservation(tx, {
          clave_hash: `bench-${n}`, estado: 'pagada', expira: new Date(), subtotal_centimos: 8000, descuento_centimos: 0, total_centimos: 8000,
          comprador_nombre: `Pasajero ${n}`, comprador_email: `bench.${n}@example.pe`, comprobante: 'boleta', ccuenta: null, idioma: language, creado: new Date(), pagado: new Date(),
        });
        await tx.insert(reserva_asiento).values({
          creserva: r.creserva, cviaje_asiento: Number(seat.cviaje_asiento), cviaje: Number(trip.cviaje), tramo: 'ida', nasiento: Number(seat.nasiento), gnivel_piso: Number(seat.gnivel_piso), precio_centimos: 8000,
          ctipo_documento: 19, numero: String(40_000_000 + n), nombres: 'Pasajero', paterno: String(n), materno: 'Bench', email: `bench.${n}@example.pe`, nacimiento: '1990-01-01', menor: false,
        });
        const numero = `${r.codigo}-1`;
        await tx.insert(boleto).values({ numero, creserva: r.creserva, cviaje_asiento: Number(seat.cviaje_asiento), qr: ticketQr(SECRET, { numero, cviaje: Number(trip.cviaje), nasiento: Number(seat.nasiento), gnivel_piso: Number(seat.gnivel_piso) }), emitido: new Date() });
      }
    });
  }
  console.log(`sold ${n} tickets on ${trips.length} trips (${((Date.now() - sold) / 1000).toFixed(1)} s, not timed)`);

  // The operator cancels the 10 departures at once.
  const t0 = Date.now();
  const answers = await Promise.all(
    trips.map((trip) =>
      app.inject({ method: 'POST', url: '/rest/operador/incidencia', headers: { authorization: `Bearer ${TOKEN}` }, payload: { cviaje: Number(trip.cviaje), tipo: 'cancelacion', motivo_es: 'Huaico en la Panamericana', motivo_en: 'Mudslide on the Pan-American Highway' } }),
    ),
  );
  const queuedMs = Date.now() - t0;
  if (answers.some((a) => a.statusCode !== 200)) throw new Error(answers.map((a) => a.body).join('\n'));
  const told = answers.reduce((sum, a) => sum + (a.json().data.avisos as number), 0);
  const [{ queued } = { queued: 0 }] = await queryRows<{ queued: number }>(db, sql`select count(*)::int as queued from outbox where subject like '%cancel%'`);

  // Three senders on one outbox; the third stops answering after 100 mails (killed).
  const received = new Map<string, number>();
  const sentAt: number[] = [];
  const transport = (name: string, dieAfter = Infinity): MailTransport => {
    let sent = 0;
    return {
      async sendMail(message) {
        if (sent >= dieAfter) return new Promise(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, SMTP_MS));
        sent += 1;
        const key = `${message.to}|${message.subject}`;
        received.set(key, (received.get(key) ?? 0) + 1);
        sentAt.push(Date.now());
        perInstance.set(name, (perInstance.get(name) ?? 0) + 1);
        return undefined;
      },
    };
  };
  const perInstance = new Map<string, number>();
  const log = { warn: () => undefined, error: (m: string) => console.error(m) };
  const senders = [transport('a'), transport('b'), transport('c', 100)].map((t) => createMailSender({ db, transport: t, from: 'bench@rumboandino.pe', log, intervalMs: 200 }));
  for (const sender of senders) sender.start();
  while (sentAt.length < queued && Date.now() - t0 < 90_000) {
    const before = sentAt.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (sentAt.length === before && perInstance.get('c') === 100 && Date.now() - t0 > 5000 && sentAt.length >= queued - 40) break;
  }
  const within60 = sentAt.filter((at) => at - t0 <= 60_000).length;
  const lastMs = Math.max(...sentAt) - t0;
  const bySender = JSON.stringify(Object.fromEntries(perInstance));
  await senders[0]!.stop();
  await senders[1]!.stop();
  // The killed instance's claim lapses (5 min): a live sender picks its batch up.
  const stuck = queued - sentAt.length;
  await createMailSender({ db, transport: transport('a'), from: 'bench@rumboandino.pe', log }).drainOutbox(new Date(Date.now() + 6 * 60_000));
  const [{ unsent } = { unsent: 0 }] = await queryRows<{ unsent: number }>(db, sql`select count(*)::int as unsent from ${outbox} where sent_at is null`);
  const twice = [...received.values()].filter((count) => count > 1).length;

  console.log(`engine: ${database.driver}`);
  console.log(`declared ${BUSES} cancellations at once: ${told} holders told, ${queued} messages queued in ${(queuedMs / 1000).toFixed(2)} s`);
  console.log(`sent within 60 s of the declaration: ${within60}/${queued} (last of them at ${(lastMs / 1000).toFixed(1)} s; per sender ${bySender})`);
  console.log(`claimed by the killed sender, sent once its claim lapsed: ${stuck}; unsent at the end: ${unsent}; sent twice: ${twice}`);
  process.exit(told === BUSES * PASSENGERS && queued === told && unsent === 0 && twice === 0 && queuedMs <= 60_000 ? 0 : 1);
}

void main();
