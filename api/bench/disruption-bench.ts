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
import { createTestDatabase } from '../src/test/database';
import { sellWholeTrips } from '../src/test/sold-trips';
import { writeResults } from './common.mjs';

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

  const sold = Date.now();
  const { trips: tripIds, tickets: n } = await sellWholeTrips(db, { buses: BUSES, passengers: PASSENGERS, secret: SECRET, prefix: 'bench' });
  const trips = tripIds.map((cviaje) => ({ cviaje }));
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

  writeResults('disruptions', {
    engine: database.driver,
    buses: BUSES,
    passengers: PASSENGERS,
    told,
    queued,
    queuedSeconds: Number((queuedMs / 1000).toFixed(2)),
    sentWithin60s: within60,
    claimedByKilled: stuck,
    unsent,
    sentTwice: twice,
  });
  console.log(`engine: ${database.driver}`);
  console.log(`declared ${BUSES} cancellations at once: ${told} holders told, ${queued} messages queued in ${(queuedMs / 1000).toFixed(2)} s`);
  console.log(`sent within 60 s of the declaration: ${within60}/${queued} (last of them at ${(lastMs / 1000).toFixed(1)} s; per sender ${bySender})`);
  console.log(`claimed by the killed sender, sent once its claim lapsed: ${stuck}; unsent at the end: ${unsent}; sent twice: ${twice}`);
  process.exit(told === BUSES * PASSENGERS && queued === told && unsent === 0 && twice === 0 && queuedMs <= 60_000 ? 0 : 1);
}

void main();
