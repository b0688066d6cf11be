import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { addDays, limaToday, type ReservationView, type SeatCell, type Trip } from '@rumbo/shared/schemas';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { cuenta } from './accounts/accounts.tables';
import { outbox } from './mail/mail.tables';
import { enqueueMail } from './mail/outbox';
import { sandboxCredentials, type SandboxOptions } from './payments';
import { decimalOf } from './payments/signing';
import { boleto, pago, pago_aviso, reserva, reserva_asiento } from './sales/sales.tables';
import { viaje_asiento } from './seats/seats.tables';
import { comprobante, comprobante_serie } from './vouchers/vouchers.tables';
import { CLUSTER_STORE, HAPROXY, REDIS_SERVER, exited, startCluster, startPrivateRedis, type Cluster, type PrivateRedis } from './test/cluster';
import { ADDRESS_SEAT_LIMIT } from './seats/seats.service';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from './test/database';
import { CHANNEL, ADULT, BUYER, safetyPayNotice, seatBody } from './test/purchase';
import { startSmtpPeer, type SmtpPeer } from './test/smtp-peer';

/**
 * The production topology, for real: three built API instances (NODE_ENV=production) on one
 * PostgreSQL database and one Redis behind HAProxy, every check through the balancer. The Redis is
 * the test's own (redis-server on a private port), as one test stops it: the machine's shared Redis
 * is never stopped. Part of the API tests on PostgreSQL (CI sets DATABASE_URL and installs haproxy
 * and redis-server); skipped, saying why, where one of them is missing.
 */
const missing = [
  TEST_ENGINE !== 'postgres' && 'runs in the PostgreSQL pass (DATABASE_URL)',
  !REDIS_SERVER && 'redis-server is not installed (apt-get install redis-server)',
  !HAPROXY && 'haproxy is not installed (apt-get install haproxy)',
].filter(Boolean);
if (missing.length > 0) console.log(`cluster.test.ts skipped: ${missing.join('; ')}`);
const describeCluster = missing.length === 0 ? describe : describe.skip;

describeCluster('three API instances behind HAProxy', () => {
  let database: TestDatabase;
  let smtp: SmtpPeer;
  let stuck: SmtpPeer;
  /** The claim of the instance killed below (MAIL_CLAIM_MS): how long after it took a mail the others may send it. */
  const VICTIM_CLAIM_MS = 3_000;
  let cluster: Cluster;
  let sandbox: SandboxOptions;
  let redis: PrivateRedis;
  let clients = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = await startPrivateRedis();
    smtp = await startSmtpPeer();
    stuck = await startSmtpPeer({ stuck: true });
    // The third instance, killed mid-burst below, sends to a mail server that hangs: it takes mail
    // from the outbox and never delivers any (a sender killed between handing a mail to a server
    // that answers and marking it sent would send it again once its claim lapses: at least once is
    // all SMTP allows). Its claims lapse after MAIL_CLAIM_MS (3 s here, 5 minutes by default), and
    // the other two, competing for the same outbox, send what it took, once.
    cluster = await startCluster({
      databaseUrl: database.databaseUrl!,
      redisUrl: redis.url,
      instances: 3,
      smtpUrl: smtp.url,
      instanceEnv: (i): Record<string, string> => (i === 2 ? { SMTP_URL: stuck.url, MAIL_CLAIM_MS: String(VICTIM_CLAIM_MS) } : {}),
    });
    sandbox = sandboxCredentials(cluster.sessionSecret) as SandboxOptions;
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
    await smtp?.close();
    await stuck?.close();
    await redis?.stop();
    await database?.close();
  }, 60_000);

  /**
   * A customer of its own: a distinct address. Every loopback address (127.0.0.0/8) is this
   * machine's, so each customer connects from its own (`localAddress`) and HAProxy reports it in
   * X-Forwarded-For, as a balancer reports real customers' addresses (a header the customer writes
   * itself is no address: issue 32 item 4).
   */
  const newClient = () => `127.1.${Math.floor((clients += 1) / 250)}.${(clients % 250) + 1}`;

  function call(base: string, url: string, body: unknown, client: string, headers: Record<string, string> = {}) {
    const payload = JSON.stringify(body);
    return new Promise<{ status: number; json: { data?: unknown; code?: string }; text: string }>((resolve, reject) => {
      const req = http.request(
        base + url,
        {
          method: 'POST',
          localAddress: client,
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), origin: CLUSTER_STORE, 'accept-language': 'es-PE', ...headers },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            let json: { data?: unknown; code?: string } = {};
            try {
              json = JSON.parse(text);
            } catch {
              // HAProxy's own error page (502/503) is HTML.
            }
            resolve({ status: res.statusCode ?? 0, json, text });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  async function trip(days: number, index = 0): Promise<Trip> {
    const res = await call(cluster.url, '/rest/viaje', { origen: 'LIM', destino: 'ICA', fecha: addDays(limaToday(), days), cusuario: 50005, coficina_venta: 577 }, newClient());
    const found = (res.json.data as Trip[])[index];
    if (!found) throw new Error(`no trip in ${days} days: ${res.text}`);
    return found;
  }

  async function freeSeats(t: Trip): Promise<SeatCell[]> {
    const res = await call(cluster.url, '/rest/maqueta', { cviaje: t.cviaje, cterminal_origen: t.cterminal_origen, cterminal_destino: t.cterminal_destino, ...CHANNEL }, newClient());
    return (res.json.data as { asientos: SeatCell[] }).asientos.filter((c) => c.gobjeto_sitio === 1 && c.gestado_asiento === 83);
  }

  /** Hold, passenger, reservation and a started SafetyPay payment, all on `base`; answers what the provider's notice needs. */
  async function startedPurchase(base: string, t: Trip, seat: SeatCell, email: string) {
    const client = newClient();
    const held = await call(base, '/rest/asiento/bloquear', seatBody(t, seat, 84), client);
    if (held.status !== 200) throw new Error(`hold: ${held.text}`);
    const clave = (held.json.data as { clave_bloqueo: string }).clave_bloqueo;
    const pasajero = { ...ADULT, email, numero: String(41_000_000 + Math.floor(Math.random() * 8_000_000)) };
    const tied = await call(base, '/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento: seat.cviaje_asiento, pasajero }, client);
    if (tied.status !== 200) throw new Error(`asociar: ${tied.text}`);
    const reserved = await call(base, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: { ...BUYER, email }, terminos: true }, client);
    if (reserved.status !== 201) throw new Error(`reserva: ${reserved.text}`);
    const view = reserved.json.data as ReservationView;
    const started = await call(base, '/rest/safetypay', { codigo: view.codigo, clave_bloqueo: clave, metodo: 'tarjeta' }, client);
    if (started.status !== 200) throw new Error(`safetypay: ${started.text}`);
    const [row] = await database.db.select({ referencia: pago.referencia }).from(pago).innerJoin(reserva, eq(reserva.creserva, pago.creserva)).where(eq(reserva.codigo, view.codigo));
    return { view, clave, referencia: row!.referencia, client };
  }

  const notice = (p: { view: ReservationView; referencia: string }, i: number) =>
    safetyPayNotice(sandbox, { referencia: p.referencia, amount: decimalOf(p.view.total_centimos), referenceNo: String(8_000_000_000 + i) }, new Date());

  const deliver = (base: string, body: string) =>
    fetch(`${base}/rest/safetypay/notificacion`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }).then(
      (res) => res.status,
      () => 0,
    );

  it('50 concurrent holds of one seat: exactly one wins', async () => {
    const t = await trip(6);
    const [seat] = await freeSeats(t);
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(cluster.url, '/rest/asiento/bloquear', seatBody(t, seat!, 84), newClient())));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.json.code === 'seat.taken')).toBe(true);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
  });

  it('issue 32 item 4: customers behind one address do not free each other\'s seats; the one address is bounded, whatever X-Forwarded-For it writes', async () => {
    const t = await trip(11);
    const seats = await freeSeats(t);
    expect(seats.length).toBeGreaterThanOrEqual(16 + ADDRESS_SEAT_LIMIT + 5);
    // Two customers of one office: one address, two browsers, requests spread over the instances.
    const office = newClient();
    const as = (browser: string) => ({ 'user-agent': browser });
    const purchase = async (browser: string, from: number, count: number) => {
      let clave: string | undefined;
      for (const seat of seats.slice(from, from + count)) {
        const res = await call(cluster.url, '/rest/asiento/bloquear', seatBody(t, seat, 84, clave), office, as(browser));
        if (res.status !== 200) throw new Error(`hold: ${res.text}`);
        clave = (res.json.data as { clave_bloqueo: string }).clave_bloqueo;
      }
      return clave!;
    };
    const anas = await purchase('Ana', 0, 5);
    for (const [i, seat] of seats.slice(0, 5).entries()) {
      const named = await call(cluster.url, '/rest/asiento/asociar', { clave_bloqueo: anas, cviaje_asiento: seat.cviaje_asiento, pasajero: { ...ADULT, numero: String(44_100_000 + i) } }, office, as('Ana'));
      expect(named.status).toBe(200);
    }
    await purchase('Beto', 5, 5);
    await purchase('Beto', 10, 5);
    // Beto starts over at his bound: only his own abandoned holds go back on sale.
    expect((await call(cluster.url, '/rest/asiento/bloquear', seatBody(t, seats[15]!, 84), office, as('Beto'))).status).toBe(200);
    const reserved = await call(cluster.url, '/rest/venta/reserva', { clave_bloqueo: anas, comprador: BUYER, terminos: true }, office, as('Ana'));
    expect(reserved.status).toBe(201);

    // One client writing a new X-Forwarded-For (and browser) each time is still its one address.
    const spoofer = newClient();
    let held = 0;
    for (const [i, seat] of seats.slice(16, 16 + ADDRESS_SEAT_LIMIT + 5).entries()) {
      const res = await call(cluster.url, '/rest/asiento/bloquear', seatBody(t, seat, 84), spoofer, { 'x-forwarded-for': `10.77.${i}.1`, 'user-agent': `Browser ${i}` });
      if (res.status === 200) held += 1;
      else expect(res.json.code).toBe('seat.clientLimit');
    }
    expect(held).toBe(ADDRESS_SEAT_LIMIT);
  }, 60_000);

  it('ten wrong one-time codes spread over the instances: the per-e-mail (and client) limit holds once', async () => {
    const email = `otp.${randomBytes(4).toString('hex')}@example.pe`;
    await database.db.insert(cuenta).values({
      tipo_doc: 19,
      num_doc: String(62_000_000 + Math.floor(Math.random() * 1_000_000)),
      nombres: 'Ana',
      paterno: 'Flores',
      materno: 'Rojas',
      sexo: 'F',
      correo: email,
      telefono: '987654321',
      fnacimiento: '1990-01-01',
      correo_confirmado_en: new Date(),
    });
    expect((await call(cluster.url, '/rest/otp/request', { email, key: '4' }, newClient())).status).toBe(202);
    // One client's tries, which the balancer spreads over the three instances: only the shared
    // count of the per-(e-mail, client) limit (10 per 10 minutes; issue 15 keys it on both, so a
    // stranger never locks the owner out) can stop the eleventh.
    const guesser = newClient();
    const wrong = [];
    for (let i = 0; i < 10; i += 1) wrong.push((await call(cluster.url, '/rest/otp/validate', { email, key: String(100000 + i), canal: 'WEB' }, guesser)).status);
    expect(wrong).toEqual(Array(10).fill(400));
    // The eleventh, whichever instance it reaches: refused by the one shared count (per-instance memory would let 30 through).
    for (let i = 0; i < 3; i += 1) {
      const res = await call(cluster.url, '/rest/otp/validate', { email, key: '000000', canal: 'WEB' }, guesser);
      expect(res.status).toBe(429);
      expect(res.json.code).toBe('request.tooMany');
    }
  });

  it('a purchase started on one instance is paid by a sandbox notice reaching another', async () => {
    const t = await trip(7);
    const [seat] = await freeSeats(t);
    const email = `cross.${randomBytes(3).toString('hex')}@example.pe`;
    const [one, two] = cluster.instances;
    const purchase = await startedPurchase(one!.url, t, seat!, email);
    expect(await deliver(two!.url, notice(purchase, 1))).toBe(200);
    const view = await call(cluster.url, '/rest/venta/consulta', { codigo: purchase.view.codigo, clave_bloqueo: purchase.clave }, purchase.client);
    expect(view.json.data).toMatchObject({ codigo: purchase.view.codigo, estado: 'pagada' });
    // Answered once (issue 32 item 10: every notice logged "Reply was already sent", a warning).
    expect(two!.output).not.toContain('Reply was already sent');
  });

  // Issue 32 item 1: readiness (what HAProxy checks) says "this instance can sell"; with Redis in
  // it, losing Redis took every instance out at once ("503 No server is available").
  it('Redis down: every instance stays in the balancer, a ticket is bought through it, and the outage shows', async () => {
    await redis.stop();
    try {
      // Longer than the balancer needs to take failing servers out (3 checks 500 ms apart).
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const t = await trip(11);
      const [seat] = await freeSeats(t);
      const email = `noredis.${randomBytes(3).toString('hex')}@example.pe`;
      const purchase = await startedPurchase(cluster.url, t, seat!, email);
      expect(await deliver(cluster.url, notice(purchase, 2))).toBe(200);
      const view = await call(cluster.url, '/rest/venta/consulta', { codigo: purchase.view.codigo, clave_bloqueo: purchase.clave }, purchase.client);
      expect(view.json.data).toMatchObject({ codigo: purchase.view.codigo, estado: 'pagada' });
      for (const instance of cluster.instances) {
        expect({ port: instance.port, ready: (await fetch(`${instance.url}/rest/health`)).status }).toEqual({ port: instance.port, ready: 200 });
        // Redis' own check shows the outage.
        expect((await fetch(`${instance.url}/rest/health/redis`)).status).toBe(503);
      }
      // And the log says why the limits count per instance for now.
      expect(cluster.instances.filter((instance) => /Redis unreachable/.test(instance.output))).not.toHaveLength(0);
    } finally {
      await redis.start();
    }
    // Back: every instance sees it again (ioredis reconnects at most 2 s apart).
    for (const instance of cluster.instances) {
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i += 1) {
        status = (await fetch(`${instance.url}/rest/health/redis`)).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(200);
    }
  }, 60_000);

  it('issue 34: paid purchases spread over the three instances get consecutive voucher numbers, none twice, none skipped', async () => {
    // 300 as the issue asks: about a minute here (the purchases' set-up is most of it).
    const PURCHASES = Number(process.env.CLUSTER_VOUCHER_PURCHASES ?? 300);
    const seats: (readonly [Trip, SeatCell])[] = [];
    for (let days = 11; seats.length < PURCHASES; days += 1) {
      const t = await trip(days);
      seats.push(...(await freeSeats(t)).map((s) => [t, s] as const));
    }
    const started: Awaited<ReturnType<typeof startedPurchase>>[] = [];
    const queue = seats.slice(0, PURCHASES).entries();
    // Ten customers at a time, each on whichever instance the balancer gives them.
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (const [i, [t, seat]] of queue) started.push(await startedPurchase(cluster.url, t, seat, `voucher.${i}.${randomBytes(3).toString('hex')}@example.pe`));
      }),
    );
    const [before] = await database.db.select().from(comprobante_serie).where(and(eq(comprobante_serie.tipo, '03'), eq(comprobante_serie.serie, 'B001')));
    const bodies = started.map((p, i) => notice(p, 50_000 + i));
    const pending = bodies.entries();
    const statuses: number[] = [];
    const burstStarted = Date.now();
    await Promise.all(
      Array.from({ length: 30 }, async () => {
        for (const [i, body] of pending) statuses[i] = await deliver(cluster.url, body);
      }),
    );
    console.log(`voucher burst: ${PURCHASES} paid purchases over three instances in ${Date.now() - burstStarted} ms`);
    // A notice the balancer could not get answered (a timeout under this load) is delivered again, as the provider does until acknowledged.
    for (let round = 0; round < 5 && statuses.some((status) => status !== 200); round += 1) {
      const again = bodies.filter((_, i) => statuses[i] !== 200);
      if (again.length > 0) console.log(`voucher burst: ${again.length} notices answered ${[...new Set(statuses.filter((s) => s !== 200))].join(', ')}, delivered again`);
      const retried = await Promise.all(again.map((body) => deliver(cluster.url, body)));
      let k = 0;
      statuses.forEach((status, i) => {
        if (status !== 200) statuses[i] = retried[k++]!;
      });
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(PURCHASES);
    const codes = started.map((p) => p.view.codigo);
    const vouchers = await database.db
      .select({ correlativo: comprobante.correlativo, serie: comprobante.serie })
      .from(comprobante)
      .innerJoin(reserva, eq(reserva.creserva, comprobante.creserva))
      .where(inArray(reserva.codigo, codes));
    expect(vouchers).toHaveLength(PURCHASES);
    const numbers = vouchers.map((v) => v.correlativo).sort((a, b) => a - b);
    const first = (before?.ultimo ?? 0) + 1;
    expect(numbers).toEqual(Array.from({ length: PURCHASES }, (_, i) => first + i));
    // And the series as a whole (the purchases of the other tests included) has no gap.
    const all = (await database.db.select({ n: comprobante.correlativo }).from(comprobante).where(eq(comprobante.serie, 'B001'))).map((v) => v.n).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    // The stand-in takes them all (each checked against the schema and its signature): the
    // instances' outboxes drain before the next test shares the machine with them.
    const drained = Date.now();
    for (let i = 0; i < 600; i += 1) {
      const [left] = await database.db.select({ id: comprobante.ccomprobante }).from(comprobante).where(eq(comprobante.estado, 'pendiente')).limit(1);
      if (!left) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const states = await database.db.select({ estado: comprobante.estado }).from(comprobante).innerJoin(reserva, eq(reserva.creserva, comprobante.creserva)).where(inArray(reserva.codigo, codes));
    expect(states.filter((v) => v.estado === 'aceptado')).toHaveLength(PURCHASES);
    console.log(`voucher burst: the stand-in accepted all ${PURCHASES} in ${Date.now() - drained} ms more`);
    // And each buyer's tickets mail leaves with the voucher attached (PDF and XML); the outbox
    // drains before the next test counts its own mails.
    for (let i = 0; i < 1200; i += 1) {
      const [unsent] = await database.db.select({ id: outbox.id }).from(outbox).where(isNull(outbox.sent_at)).limit(1);
      if (!unsent) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const mine = smtp.received.filter((mail) => mail.to.some((to) => to.startsWith('voucher.')) && /comprobantes-[A-Z0-9]{8}\.pdf/.test(mail.raw));
    expect(mine.filter((mail) => /name=B001-\d+\.xml/.test(mail.raw)).length).toBeGreaterThanOrEqual(PURCHASES);
    console.log(`voucher burst: every tickets mail sent with its voucher ${Date.now() - drained} ms after the burst`);
  }, 600_000);

  it('SIGKILL of one instance mid-burst: no paid purchase lost, none half-done; every mail sent exactly once', async () => {
    const PURCHASES = 24;
    const trips = [await trip(8), await trip(9)];
    const seats = [...(await freeSeats(trips[0]!)).slice(0, PURCHASES / 2).map((s) => [trips[0]!, s] as const), ...(await freeSeats(trips[1]!)).slice(0, PURCHASES / 2).map((s) => [trips[1]!, s] as const)];
    const purchases: Awaited<ReturnType<typeof startedPurchase>>[] = [];
    for (const [i, [t, seat]] of seats.entries()) purchases.push(await startedPurchase(cluster.url, t, seat, `burst.${i}.${randomBytes(3).toString('hex')}@example.pe`));
    const bodies = purchases.map((p, i) => notice(p, 100 + i));

    const victim = cluster.instances[2]!;
    // The victim has taken mail it never delivered (its sender waits on the hung server): mails are
    // queued until it has, each due at once for whichever sender looks first.
    for (let i = 0; stuck.held.length === 0; i += 1) {
      if (i === 300) throw new Error('the instance to be killed took no mail in 60 s');
      await enqueueMail(database.db, { to: `taken.${i}.${randomBytes(3).toString('hex')}@example.pe`, subject: 'Prueba', text: 'Prueba', html: '<p>Prueba</p>' });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const taken = [...stuck.held];
    let burst: Promise<number>[] = [];
    await new Promise<void>((resolve) => {
      burst = bodies.map((body) => deliver(cluster.url, body).then((status) => (status === 200 && resolve(), status)));
    });
    victim.process.kill('SIGKILL');
    await exited(victim.process);
    // The other instances finish what they were given (the victim's answers are lost: 502 or a cut connection).
    await Promise.all(burst);

    // After the kill: each reservation is paid with all its parts, or untouched.
    const check = async () => {
      let paid = 0;
      for (const p of purchases) {
        const [r] = await database.db.select().from(reserva).where(eq(reserva.codigo, p.view.codigo));
        const [payment] = await database.db.select().from(pago).where(eq(pago.referencia, p.referencia));
        const notices = await database.db.select().from(pago_aviso).where(eq(pago_aviso.referencia, p.referencia));
        const tickets = await database.db.select().from(boleto).where(eq(boleto.creserva, r!.creserva));
        const seatIds = (await database.db.select().from(reserva_asiento).where(eq(reserva_asiento.creserva, r!.creserva))).map((s) => s.cviaje_asiento);
        const states = (await database.db.select({ estado: viaje_asiento.gestado_asiento }).from(viaje_asiento).where(inArray(viaje_asiento.cviaje_asiento, seatIds))).map((s) => s.estado);
        const state = { estado: r!.estado, pago: payment!.estado, avisos: notices.length, tickets: tickets.length, seats: states };
        if (r!.estado === 'pagada') {
          paid += 1;
          expect(state).toEqual({ estado: 'pagada', pago: 'pagado', avisos: 1, tickets: 1, seats: [82] });
        } else {
          expect(state).toEqual({ estado: 'pendiente', pago: 'iniciado', avisos: 0, tickets: 0, seats: [84] });
        }
      }
      return paid;
    };
    expect(await check()).toBeGreaterThan(0);

    // The provider delivers again until acknowledged; the balancer sends it to the instances left.
    await cluster.waitHealthy(2);
    for (let round = 0; round < 5; round += 1) {
      const statuses = await Promise.all(bodies.map((body) => deliver(cluster.url, body)));
      if (statuses.every((status) => status === 200)) break;
    }
    expect(await check()).toBe(PURCHASES);

    // Every queued mail (codes, tickets) leaves once: the outbox drains and the SMTP peer got each once.
    // A tickets mail waits for its voucher's signature, and a voucher the victim had claimed to sign
    // is signed by another 30 s later (vouchers/sender.ts): up to two minutes (it ends once drained).
    for (let i = 0; i < 600; i += 1) {
      const [unsent] = await database.db.select({ id: outbox.id }).from(outbox).where(isNull(outbox.sent_at)).limit(1);
      if (!unsent) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const queued = (await database.db.select({ to: outbox.to }).from(outbox)).map((m) => m.to);
    expect((await database.db.select({ id: outbox.id }).from(outbox).where(isNull(outbox.sent_at))).length).toBe(0);
    const received = smtp.received.flatMap((mail) => mail.to);
    expect([...received].sort()).toEqual([...queued].sort());
    expect(queued.length).toBeGreaterThanOrEqual(PURCHASES + 2);
    // What the killed instance took and never delivered was sent by another, once: its recipients
    // got as many mails as were queued for them (a recipient may have several, e.g. code and tickets).
    expect(taken.length).toBeGreaterThan(0);
    for (const to of new Set(taken)) expect(received.filter((address) => address === to).length).toBe(queued.filter((address) => address === to).length);
  }, 240_000);

  it('SIGTERM: the instance finishes what it is answering, then exits cleanly', async () => {
    const [one] = cluster.instances;
    const t = await trip(10);
    // Twenty requests, each on its own connection, all sent (and accepted) before the signal.
    const body = JSON.stringify({ cviaje: t.cviaje, cterminal_origen: t.cterminal_origen, cterminal_destino: t.cterminal_destino, ...CHANNEL });
    let sent = 0;
    const answers = Array.from(
      { length: 20 },
      () =>
        new Promise<number>((resolve) => {
          const req = http.request(`${one!.url}/rest/maqueta`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', origin: CLUSTER_STORE } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('error', () => resolve(0));
          req.on('finish', () => (sent += 1));
          req.end(body);
        }),
    );
    while (sent < answers.length) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    one!.process.kill('SIGTERM');
    const statuses = await Promise.all(answers);
    await exited(one!.process);
    if (one!.process.exitCode !== 0) console.log(one!.output.slice(-3000));
    expect(one!.process.exitCode).toBe(0);
    // Each request sent before the signal is answered; none is cut off (0).
    expect(statuses).toEqual(Array(20).fill(200));
    // The balancer takes it out; the one instance left answers.
    await cluster.waitHealthy(1);
    expect((await call(cluster.url, '/rest/viaje', { origen: 'LIM', destino: 'ICA', fecha: addDays(limaToday(), 10), cusuario: 50005, coficina_venta: 577 }, newClient())).status).toBe(200);
  }, 60_000);
});
