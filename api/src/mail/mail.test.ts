import { eq, sql } from 'drizzle-orm';
import { createTestApp, setupTestApp } from '../test/app';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer';
import { outbox } from './mail.tables';
import { enqueueMail } from './outbox';
import { createMailSender, MAX_ATTEMPTS, retryDelayMs, type MailSender } from './sender';
import { createSmtpTransport } from './transport';

const FROM = '"Rumbo Andino" <no-responder@rumboandino.pe>';
const quiet = { warn: () => {}, error: () => {} };

const api = setupTestApp();
let peer: SmtpPeer;
let transport: ReturnType<typeof createSmtpTransport>;
let sender: MailSender;

beforeAll(async () => {
  peer = await startSmtpPeer();
  transport = createSmtpTransport(peer.url);
  sender = createMailSender({ db: api.db, transport, from: FROM, log: quiet });
});

afterAll(async () => {
  transport.close();
  await peer.close();
});

beforeEach(async () => {
  await api.db.delete(outbox);
  peer.received.length = 0;
});

const mail = (to: string, subject = 'Su código') => ({ to, subject, text: `Hola ${to}`, html: `<p>Hola ${to}</p>` });
const rowFor = async (to: string) => (await api.db.select().from(outbox).where(eq(outbox.to, to)))[0]!;

describe('the sender', () => {
  it('delivers queued mails over SMTP and marks them sent', async () => {
    await enqueueMail(api.db, mail('Ana@Example.pe', 'Código de acceso'));
    const now = new Date();
    expect(await sender.drainOutbox(now)).toEqual({ sent: 1, failed: 0 });

    expect(peer.received).toHaveLength(1);
    const [received] = peer.received;
    expect(received!.from).toBe('no-responder@rumboandino.pe');
    expect(received!.to).toEqual(['ana@example.pe']);
    expect(received!.raw).toMatch(/^Subject: =\?UTF-8\?Q\?C=C3=B3digo_de_acceso\?=$/m);
    expect(received!.raw).toContain('Hola Ana@Example.pe');
    expect(received!.raw).toContain('<p>Hola Ana@Example.pe</p>');

    const row = await rowFor('ana@example.pe');
    expect(row).toMatchObject({ attempts: 1, last_error: null });
    expect(row.sent_at?.getTime()).toBe(now.getTime());
    expect(await sender.drainOutbox()).toEqual({ sent: 0, failed: 0 });
  });

  it('retries a refused mail after a backoff, then delivers it', async () => {
    await enqueueMail(api.db, mail('luis@example.pe'));
    peer.refuseNext(2);
    const t0 = new Date();
    expect(await sender.drainOutbox(t0)).toEqual({ sent: 0, failed: 1 });
    let row = await rowFor('luis@example.pe');
    expect(row).toMatchObject({ attempts: 1, sent_at: null });
    expect(row.last_error).toMatch(/451/);
    expect(row.next_attempt_at.getTime()).toBe(t0.getTime() + 30_000);

    expect(await sender.drainOutbox(new Date(t0.getTime() + 29_000))).toEqual({ sent: 0, failed: 0 });
    const t1 = new Date(t0.getTime() + 30_000);
    expect(await sender.drainOutbox(t1)).toEqual({ sent: 0, failed: 1 });
    row = await rowFor('luis@example.pe');
    expect(row.next_attempt_at.getTime()).toBe(t1.getTime() + 60_000);

    expect(await sender.drainOutbox(new Date(t1.getTime() + 60_000))).toEqual({ sent: 1, failed: 0 });
    expect(peer.received.map((m) => m.to)).toEqual([['luis@example.pe']]);
    expect(await rowFor('luis@example.pe')).toMatchObject({ attempts: 3, last_error: null });
  });

  it('keeps mails when the SMTP server cannot be reached, and sends them once it can', async () => {
    const closed = await startSmtpPeer();
    const url = closed.url;
    await closed.close();
    const unreachable = createSmtpTransport(url);
    const offline = createMailSender({ db: api.db, transport: unreachable, from: FROM, log: quiet });
    await enqueueMail(api.db, mail('rosa@example.pe'));
    const t0 = new Date();
    expect(await offline.drainOutbox(t0)).toEqual({ sent: 0, failed: 1 });
    unreachable.close();
    expect((await rowFor('rosa@example.pe')).last_error).toMatch(/ECONNREFUSED/);

    expect(await sender.drainOutbox(new Date(t0.getTime() + 30_000))).toEqual({ sent: 1, failed: 0 });
  });

  it('gives up after the last attempt and leaves the mail with its error', async () => {
    await enqueueMail(api.db, mail('jose@example.pe'));
    await api.db.update(outbox).set({ attempts: MAX_ATTEMPTS - 1 }).where(eq(outbox.to, 'jose@example.pe'));
    peer.refuseNext(1);
    expect(await sender.drainOutbox()).toEqual({ sent: 0, failed: 1 });
    expect(await rowFor('jose@example.pe')).toMatchObject({ attempts: MAX_ATTEMPTS, sent_at: null });
    expect(await sender.drainOutbox(new Date(Date.now() + 24 * 3600_000))).toEqual({ sent: 0, failed: 0 });
  });

  it('sends each mail once when two senders drain at the same time', async () => {
    for (let i = 0; i < 12; i += 1) await enqueueMail(api.db, mail(`p${i}@example.pe`));
    const other = createMailSender({ db: api.db, transport, from: FROM, log: quiet, batchSize: 3 });
    const busy = createMailSender({ db: api.db, transport, from: FROM, log: quiet, batchSize: 3 });
    const results = await Promise.all([busy.drainOutbox(), other.drainOutbox()]);
    expect(results[0]!.sent + results[1]!.sent).toBe(12);
    expect(peer.received).toHaveLength(12);
    expect(new Set(peer.received.map((m) => m.to[0])).size).toBe(12);
  });

  it('runs as a loop that main starts and stops', async () => {
    const loop = createMailSender({ db: api.db, transport, from: FROM, log: quiet, intervalMs: 20 });
    loop.start();
    try {
      await enqueueMail(api.db, mail('loop@example.pe'));
      for (let waited = 0; peer.received.length === 0 && waited < 5_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await loop.stop();
    }
    expect(peer.received.map((m) => m.to)).toEqual([['loop@example.pe']]);
  });
});

describe('retryDelayMs', () => {
  it('doubles from 30 seconds up to one hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe('the dev mailbox', () => {
  it('lists the latest mails as JSON, newest first, optionally for one address', async () => {
    await enqueueMail(api.db, mail('uno@example.pe', 'Primero'));
    await enqueueMail(api.db, mail('dos@example.pe', 'Segundo'));
    await enqueueMail(api.db, mail('uno@example.pe', 'Tercero'));

    const all = await api.app.inject('/dev/outbox.json');
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((m: { subject: string }) => m.subject)).toEqual(['Tercero', 'Segundo', 'Primero']);
    expect(all.json().data[0]).toEqual({
      id: expect.any(Number),
      to: 'uno@example.pe',
      subject: 'Tercero',
      text: 'Hola uno@example.pe',
      html: '<p>Hola uno@example.pe</p>',
      attempts: 0,
      createdAt: expect.stringMatching(/Z$/),
      nextAttemptAt: expect.stringMatching(/Z$/),
      sentAt: null,
      lastError: null,
    });

    const forUno = await api.app.inject('/dev/outbox.json?to=UNO@example.pe');
    expect(forUno.json().data.map((m: { subject: string }) => m.subject)).toEqual(['Tercero', 'Primero']);
    const limited = await api.app.inject('/dev/outbox.json?limit=1');
    expect(limited.json().data).toHaveLength(1);
  });

  it('shows them on an HTML page with everything escaped', async () => {
    await enqueueMail(api.db, {
      to: 'x@example.pe',
      subject: '<script>alert(1)</script>',
      text: '<img src=x onerror=alert(2)>',
      html: '<p>ok</p>',
    });
    const res = await api.app.inject('/dev/outbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain('<img');
  });

  it('does not exist when disabled', async () => {
    const production = await createTestApp(api.db, { devMailbox: false });
    try {
      expect((await production.inject('/dev/outbox.json')).statusCode).toBe(404);
      expect((await production.inject('/dev/outbox')).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

it('stores addresses lower-case so the mailbox filter finds them', async () => {
  await enqueueMail(api.db, mail('MiXeD@Example.PE'));
  const [row] = await api.db.select({ to: outbox.to }).from(outbox).where(sql`${outbox.to} = 'mixed@example.pe'`);
  expect(row?.to).toBe('mixed@example.pe');
});
