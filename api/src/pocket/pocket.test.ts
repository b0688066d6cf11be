import { limaWallClock } from '@rumbo/shared/schemas';
import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, isNull, like } from 'drizzle-orm';
import ICAL from 'ical.js';
import { importSPKI, jwtVerify } from 'jose';
import JSZip from 'jszip';
import { openSession } from '../accounts/sessions';
import { cuenta } from '../accounts/accounts.tables';
import { outbox } from '../mail/mail.tables';
import { createMailSender, type MailAttachment, type MailTransport } from '../mail/sender';
import { ticketAttachments } from '../sales/ticket-attachments';
import { signVouchers, TEST_SECRET } from '../test/app';
import { salesSteps } from '../test/sales';
import { throwawayAppleCredentials, throwawayGoogleCredentials } from '../test/wallets';
import { payWithSafetyPay, post, setupSandboxApp, STORE } from '../test/purchase';
import { pocketOf } from './pocket.service';
import { pocketReservation, type PocketReservation } from './pocket-view';
import { recordatorio } from './pocket.tables';
import { reminderMail } from './reminder-mail';
import { reminderDue, runDueReminders, sendDueReminders } from './reminders';

const apple = throwawayAppleCredentials();
const { google, googleKeys } = throwawayGoogleCredentials([STORE]);

// ------------------------------------------------------------------ the app

let clock = Date.now();
const now = () => new Date(clock);
const api = setupSandboxApp(now, { wallets: { apple, google }, siteUrl: STORE });
const { reserveOne } = salesSteps(api);

/** A paid purchase (the clock at the real now) and its pocket view. */
async function paidPurchase(options: { days?: number; count?: number; headers?: Record<string, string> } = {}) {
  clock = Date.now();
  const bought = await reserveOne({ days: options.days ?? 5, count: options.count ?? 1, headers: options.headers });
  await payWithSafetyPay(api, now(), bought.view.codigo, bought.clave, bought.view.total_centimos);
  const pocket = (await pocketReservation(api.db, bought.view.codigo))!;
  return { ...bought, pocket };
}

const links = async (codigo: string, clave: string, language = 'es-PE') => {
  const res = await post(api.app, '/rest/venta/bolsillo', { codigo, clave_bloqueo: clave }, { 'accept-language': language });
  expect(res.statusCode).toBe(200);
  return res.json().data as { calendario: string; boletos: { numero: string; apple: string | null; google: string | null }[] };
};

const local = (url: string) => {
  const link = new URL(url);
  return `${link.pathname}${link.search}`;
};

/** Every VEVENT of an iCalendar text, parsed by ical.js (Mozilla's parser). */
function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c)) };
}

describe('calendar (.ics)', () => {
  it('gives a paid purchase a signed calendar link whose file has each trip in Lima time at the terminal address, with a link back', async () => {
    const { view, clave, pocket } = await paidPurchase({ count: 2 });
    // Asked from the site in English: the file is in English whatever the calendar app's own language.
    const answer = await links(view.codigo, clave, 'en-EN');
    expect(new URL(answer.calendario).searchParams.get('idioma')).toBe('en-EN');
    const res = await api.app.inject({ url: local(answer.calendario), headers: { 'accept-language': 'es-PE' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="rumbo-andino-${view.codigo}.ics"`);
    expect(res.headers['cache-control']).toBe('no-store');

    const { calendar, events: [event, ...others] } = events(res.body);
    expect(others).toHaveLength(0);
    const leg = pocket.legs[0]!;
    // Written in America/Lima (its VTIMEZONE in the file), the wall-clock departure at the boarding stop.
    expect(calendar.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('America/Lima');
    expect(event!.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/Lima');
    expect(event!.startDate.toString()).toBe(limaWallClock(leg.salida));
    expect(event!.endDate.toString()).toBe(limaWallClock(leg.llegada));
    expect(event!.location).toContain(leg.direccion_origen);
    expect(event!.location).toContain(leg.terminal_origen);
    expect(event!.summary).toBe(`Bus ${leg.origen} → ${leg.destino} (Rumbo Andino)`);
    expect(event!.description).toContain(`be there by ${limaWallClock(leg.embarque).slice(11, 16)}`);
    expect(event!.description).toContain(leg.boletos[1]!.numero);
    const back = `${STORE}/pasajes/recuperar?codigo=${view.codigo}`;
    expect(event!.component.getFirstPropertyValue('url')).toBe(back);
    expect(event!.description).toContain(back);
    // An alarm at boarding time.
    expect(event!.component.getFirstSubcomponent('valarm')!.getFirstPropertyValue('trigger')!.toString()).toBe('-PT30M');
  });

  it('answers 404 to a forged, expired or other purchase\'s calendar link, and 404/409 to links asked without the purchase key', async () => {
    const { view, clave } = await paidPurchase();
    const answer = await links(view.codigo, clave);
    const link = new URL(answer.calendario);
    const forged = await api.app.inject({ url: `${link.pathname}?exp=${link.searchParams.get('exp')}&firma=AAAAAAAAAAAAAAAAAAAAAA` });
    expect(forged.statusCode).toBe(404);
    const other = await api.app.inject({ url: `${link.pathname.replace(view.codigo, 'ZZZZ2222')}${link.search}` });
    expect(other.statusCode).toBe(404);
    const later = clock;
    clock = Number(link.searchParams.get('exp')) * 1000 + 1000;
    expect((await api.app.inject({ url: local(answer.calendario) })).statusCode).toBe(404);
    clock = later;
    const wrongKey = await post(api.app, '/rest/venta/bolsillo', { codigo: view.codigo, clave_bloqueo: '3f1c2a4e-0000-4000-8000-000000000000' });
    expect(wrongKey.statusCode).toBe(404);
    const unpaid = await reserveOne({ days: 5 });
    expect((await post(api.app, '/rest/venta/bolsillo', { codigo: unpaid.view.codigo, clave_bloqueo: unpaid.clave })).statusCode).toBe(409);
  });

  it('attaches the calendar to the tickets mail beside the PDF', async () => {
    const { view } = await paidPurchase();
    const sent: MailAttachment[][] = [];
    const sender = createMailSender({
      db: api.db,
      transport: { sendMail: async (message) => void sent.push(message.attachments ?? []) },
      from: 'x@rumboandino.pe',
      log: { warn() {}, error() {} },
      attachments: ticketAttachments(api.db, now, { siteUrl: STORE }),
    });
    // Earlier tests' mails are out of the way: only the tickets mail sent again below is delivered.
    await api.db.update(outbox).set({ sent_at: new Date() }).where(isNull(outbox.sent_at));
    await sender.drainOutbox(now());
    expect(sent).toHaveLength(0);
    // The tickets mail again, delivered now.
    await post(api.app, '/rest/venta/confirmar/recuperar/', { codigo: view.codigo, email: 'rosa@example.pe' });
    // Issue 44: the tickets mail waits for the sale's voucher, signed by the vouchers' outbox.
    await signVouchers(api.db, now());
    await sender.drainOutbox(new Date(Date.now() + 1000));
    const attachments = sent.find((list) => list.some((a) => a.filename === `boletos-${view.codigo}.pdf`))!;
    const ics = attachments.find((a) => a.filename === `viaje-${view.codigo}.ics`)!;
    expect(ics.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(events(ics.content.toString()).events).toHaveLength(1);
  });
});

// ------------------------------------------------------------------ wallets

function writeFiles(dir: string, files: Record<string, Buffer>) {
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
}

describe('Apple Wallet and Google Wallet', () => {
  it('signs a .pkpass per ticket: a bus boarding pass with the QR, whose manifest hashes every file and whose signature verifies', async () => {
    const { view, clave, pocket } = await paidPurchase();
    const answer = await links(view.codigo, clave);
    const ticket = pocket.legs[0]!.boletos[0]!;
    const mine = answer.boletos.find((b) => b.numero === ticket.numero)!;
    const res = await api.app.inject({ url: local(mine.apple!) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');

    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(expect.arrayContaining(['icon.png', 'logo.png', 'manifest.json', 'pass.json', 'signature']));
    const files: Record<string, Buffer> = {};
    for (const name of names) files[name] = await zip.file(name)!.async('nodebuffer');

    // The manifest names every file but itself and the signature, with its SHA-1.
    const manifest = JSON.parse(files['manifest.json']!.toString()) as Record<string, string>;
    expect(Object.keys(manifest).sort()).toEqual(names.filter((n) => n !== 'manifest.json' && n !== 'signature'));
    for (const [name, sha1] of Object.entries(manifest)) expect(createHash('sha1').update(files[name]!).digest('hex')).toBe(sha1);

    // The signature: PKCS #7 detached over the manifest, by the configured certificate, chained to the WWDR one.
    const dir = mkdtempSync(path.join(tmpdir(), 'pkpass-'));
    try {
      writeFiles(dir, { 'manifest.json': files['manifest.json']!, signature: files.signature!, 'ca.pem': Buffer.from(apple.caPem) });
      const verify = (content: string) =>
        execFileSync('openssl', ['smime', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', content, '-CAfile', 'ca.pem', '-purpose', 'any', '-out', '/dev/null'], { cwd: dir, stdio: 'pipe' });
      expect(() => verify('manifest.json')).not.toThrow();
      writeFileSync(path.join(dir, 'tampered.json'), files['manifest.json']!.toString().replace(/"pass.json":"[0-9a-f]+"/, '"pass.json":"0000"'));
      expect(() => verify('tampered.json')).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const pass = JSON.parse(files['pass.json']!.toString());
    expect(pass).toMatchObject({
      passTypeIdentifier: apple.passTypeIdentifier,
      teamIdentifier: apple.teamIdentifier,
      serialNumber: ticket.numero,
      boardingPass: { transitType: 'PKTransitTypeBus' },
      barcodes: [{ message: ticket.qr, format: 'PKBarcodeFormatQR', altText: ticket.numero }],
    });
    const leg = pocket.legs[0]!;
    expect(JSON.stringify(pass.boardingPass.backFields)).toContain(leg.direccion_origen);
    expect(new Date(pass.relevantDate).getTime()).toBe(leg.embarque.getTime());

    // A link for another ticket does not open this one.
    const link = new URL(mine.apple!);
    const other = await api.app.inject({ url: `${link.pathname.replace(ticket.numero, `${view.codigo}-9`)}${link.search}` });
    expect(other.statusCode).toBe(404);
  });

  it('makes a Google Wallet save link: a JWT signed with the service key carrying the ticket as a bus transit object', async () => {
    const { view, clave, pocket } = await paidPurchase();
    const ticket = pocket.legs[0]!.boletos[0]!;
    const save = (await links(view.codigo, clave, 'en-EN')).boletos.find((b) => b.numero === ticket.numero)!.google!;
    expect(save.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const publicKey = await importSPKI(googleKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
    const { payload } = await jwtVerify(save.slice('https://pay.google.com/gp/v/save/'.length), publicKey, { issuer: google.clientEmail, audience: 'google' });
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: [STORE] });
    const object = (payload.payload as { transitObjects: Record<string, unknown>[] }).transitObjects[0]!;
    expect(object).toMatchObject({
      id: `${google.issuerId}.${ticket.numero}`,
      classId: `${google.issuerId}.rumbo-bus`,
      barcode: { type: 'QR_CODE', value: ticket.qr, alternateText: ticket.numero },
      ticketLeg: { departureDateTime: limaWallClock(pocket.legs[0]!.salida), ticketSeat: { seat: String(ticket.nasiento) } },
    });
    // Signed by another key, it does not verify.
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    await expect(jwtVerify(save.slice(33), await importSPKI(stranger, 'RS256'))).rejects.toThrow();
  });

  it('lists the calendar and wallet links, and the e-ticket to board with, in my trips', async () => {
    const demo = (await api.db.select().from(cuenta).where(eq(cuenta.correo, 'demo@rumboandino.pe')))[0]!;
    const token = await openSession(api.db, demo.ccuenta, 3600, TEST_SECRET);
    const { view, clave } = await paidPurchase({ headers: { authorization: `Bearer ${token}` } });
    // The e-ticket as the reservation page shows it: QR, passenger, where and when to board, voucher.
    const consulted = (await post(api.app, '/rest/venta/consulta', { codigo: view.codigo, clave_bloqueo: clave })).json().data as { boletos: { numero: string; qr: string; embarque: string; direccion_origen: string }[] };
    const all = (await api.app.inject({ url: '/rest/user/viajes', headers: { authorization: `Bearer ${token}` } })).json().data as { proximos: { numero: string; boleto?: unknown }[]; pasados: { boleto?: unknown }[] };
    const mine = all.proximos.filter((t) => t.numero.startsWith(view.codigo));
    expect(mine.length).toBeGreaterThan(0);
    for (const trip of mine) expect(trip.boleto).toEqual(consulted.boletos.find((b) => b.numero === trip.numero));
    expect(consulted.boletos[0]).toMatchObject({ qr: expect.any(String), embarque: expect.any(String), direccion_origen: expect.any(String) });
    // A past trip has nothing to board with.
    expect(all.pasados.every((trip) => trip.boleto === undefined)).toBe(true);
    const trips = await api.app.inject({ url: '/rest/user/viajes', headers: { authorization: `Bearer ${token}` } });
    const trip = (trips.json().data.proximos as { numero: string; bolsillo?: { calendario: string; apple: string | null; google: string | null } }[]).find((t) => t.numero.startsWith(view.codigo))!;
    expect(trip.bolsillo).toEqual({ calendario: expect.stringContaining(`/rest/venta/calendario/${view.codigo}?`), apple: expect.stringContaining(`/rest/venta/pkpass/${trip.numero}?`), google: expect.stringMatching(/^https:\/\/pay\.google\.com\/gp\/v\/save\//) });
    expect((await api.app.inject({ url: local(trip.bolsillo!.calendario) })).statusCode).toBe(200);
  });
});

describe('without wallets configured', () => {
  const bare = setupSandboxApp(now);
  const steps = salesSteps(bare);

  it('offers no wallet link and answers 404 for a pass', async () => {
    clock = Date.now();
    const bought = await steps.reserveOne({ days: 5 });
    await payWithSafetyPay(bare, now(), bought.view.codigo, bought.clave, bought.view.total_centimos);
    const res = await post(bare.app, '/rest/venta/bolsillo', { codigo: bought.view.codigo, clave_bloqueo: bought.clave });
    const answer = res.json().data as { calendario: string; boletos: { numero: string; apple: string | null; google: string | null }[] };
    expect(answer.boletos).toEqual([{ numero: `${bought.view.codigo}-1`, apple: null, google: null }]);
    const signed = pocketOf({ secret: TEST_SECRET, apiOrigin: 'http://x', apple }).links((await pocketReservation(bare.db, bought.view.codigo))!, 'es-PE');
    const pass = await bare.app.inject({ url: local((await signed).boletos[0]!.apple!) });
    expect(pass.statusCode).toBe(404);
  });
});

// ------------------------------------------------------------------ reminders

describe('reminders', () => {
  const HOUR = 3_600_000;
  const reminders = (codigo: string) =>
    api.db
      .select()
      .from(outbox)
      .where(like(outbox.subject, '%→%'))
      .then((rows) => rows.filter((row) => row.text.includes(codigo)));

  it('is due 24 h before boarding until 3 h before, then the 3 h one until departure; not for a purchase made inside the window', () => {
    const salida = new Date('2026-12-10T02:30:00Z');
    const at = (hours: number) => new Date(salida.getTime() - hours * HOUR);
    const early = at(72);
    expect(reminderDue('24h', salida, early, at(24.01))).toBe(false);
    expect(reminderDue('24h', salida, early, at(24))).toBe(true);
    expect(reminderDue('24h', salida, early, at(3.01))).toBe(true);
    expect(reminderDue('24h', salida, early, at(3))).toBe(false);
    expect(reminderDue('3h', salida, early, at(3))).toBe(true);
    expect(reminderDue('3h', salida, early, at(0))).toBe(false);
    expect(reminderDue('24h', salida, at(10), at(9))).toBe(false);
    expect(reminderDue('3h', salida, at(10), at(2))).toBe(true);
  });

  it('sends each reminder once, from two instances at once and again after a restart, in the purchase\'s language', async () => {
    const { view, pocket } = await paidPurchase({ days: 4, headers: { 'accept-language': 'en-EN' } });
    const leg = pocket.legs[0]!;
    const salida = leg.salida.getTime();
    // Two instances: two pockets (as two processes build them) on the same database.
    const one = pocketOf({ secret: TEST_SECRET, apiOrigin: 'http://api-1', siteUrl: STORE, apple, google });
    const two = pocketOf({ secret: TEST_SECRET, apiOrigin: 'http://api-1', siteUrl: STORE, apple, google });

    expect(await sendDueReminders(api.db, one, new Date(salida - 25 * HOUR))).toBe(0);
    const at24 = new Date(salida - 23 * HOUR);
    const [a, b] = await Promise.all([sendDueReminders(api.db, one, at24), sendDueReminders(api.db, two, at24)]);
    expect(a + b).toBe(1);
    // A restarted instance finds it sent.
    expect(await sendDueReminders(api.db, pocketOf({ secret: TEST_SECRET, apiOrigin: 'http://api-1' }), new Date(salida - 20 * HOUR))).toBe(0);
    let mails = await reminders(view.codigo);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Reminder: your trip ${leg.origen} → ${leg.destino} leaves on ${mail.subject.split(' leaves on ')[1]}`);
    expect(mail.text).toContain('Your trip leaves in less than 24 hours.');
    expect(mail.text).toContain(`Boarding terminal: ${leg.terminal_origen} (${leg.origen})`);
    expect(mail.text).toContain(`Address: ${leg.direccion_origen}`);
    expect(mail.text).toContain(`be there by ${limaWallClock(leg.embarque).slice(11, 16)}`);
    expect(mail.text).toContain("Each passenger's identity document");
    expect(mail.text).toContain(`${STORE}/pasajes/recuperar?codigo=${view.codigo}`);
    expect(mail.text).toContain(`Add ticket ${leg.boletos[0]!.numero} to Apple Wallet: http://api-1/rest/venta/pkpass/`);
    expect(mail.html).toContain('<html lang="en">');

    const at3 = new Date(salida - 2 * HOUR);
    const again = await Promise.all([sendDueReminders(api.db, one, at3), sendDueReminders(api.db, two, at3), sendDueReminders(api.db, one, at3)]);
    expect(again.reduce((x, y) => x + y, 0)).toBe(1);
    mails = await reminders(view.codigo);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Your trip leaves in about 3 hours.');
    expect(await api.db.select().from(recordatorio).where(eq(recordatorio.creserva, pocket.creserva))).toHaveLength(2);
    expect(await sendDueReminders(api.db, one, new Date(salida - HOUR))).toBe(0);

    // Each reminder's links open: the PDF until after the trip, the calendar.
    const pdf = mail.text.match(/Tickets as a PDF: (\S+)/)![1]!;
    clock = salida - 2 * HOUR;
    expect((await api.app.inject({ url: local(pdf) })).headers['content-type']).toBe('application/pdf');
    const ics = mail.text.match(/Add to calendar \(\.ics\): (\S+)/)![1]!;
    expect((await api.app.inject({ url: local(ics) })).statusCode).toBe(200);
    clock = Date.now();
  });


  it("one instance a period reads the fleet's candidates and sends what is due; the others skip that period; each reminder still goes once", async () => {
    const { view, pocket } = await paidPurchase({ days: 6 });
    const salida = pocket.legs[0]!.salida.getTime();
    const one = pocketOf({ secret: TEST_SECRET, apiOrigin: 'http://api-1', siteUrl: STORE });
    const two = pocketOf({ secret: TEST_SECRET, apiOrigin: 'http://api-1', siteUrl: STORE });
    const at24 = salida - 23 * HOUR;
    const first = await Promise.all([runDueReminders(api.db, one, new Date(at24), 60_000), runDueReminders(api.db, two, new Date(at24), 60_000)]);
    // One ran the period (and queued this purchase's reminder, maybe others'), the other skipped it.
    expect(first.filter((queued) => queued === undefined)).toHaveLength(1);
    expect(first.find((queued) => queued !== undefined)).toBeGreaterThanOrEqual(1);
    expect(await runDueReminders(api.db, two, new Date(at24 + 30_000), 60_000)).toBeUndefined();
    // The next period runs again, and finds this reminder sent.
    expect(await runDueReminders(api.db, two, new Date(at24 + 61_000), 60_000)).toBe(0);
    expect(await reminders(view.codigo)).toHaveLength(1);
    // The 3 h reminder in its own time.
    expect(await runDueReminders(api.db, one, new Date(salida - 2 * HOUR), 60_000)).toBeGreaterThanOrEqual(1);
    expect(await reminders(view.codigo)).toHaveLength(2);
  });
  it('stops a purchase\'s reminders from the signed opt-out link: a page with one button (a GET changes nothing), then the POST', async () => {
    const { view, pocket } = await paidPurchase({ days: 4 });
    const salida = pocket.legs[0]!.salida.getTime();
    const one = pocketOf({ secret: TEST_SECRET, apiOrigin: 'http://api-1' });
    expect(await sendDueReminders(api.db, one, new Date(salida - 23 * HOUR))).toBe(1);
    const [mail] = await reminders(view.codigo);
    expect(mail!.text).toContain('Su viaje sale en menos de 24 horas.');
    const optOut = local(mail!.text.match(/Dejar de recibirlos:\n(\S+)/)![1]!);
    // The mail client's own one-click "unsubscribe" (RFC 8058) posts to the same link.
    expect(mail!.baja).toBe(mail!.text.match(/Dejar de recibirlos:\n(\S+)/)![1]!);
    const sent: Parameters<MailTransport['sendMail']>[0][] = [];
    const sender = createMailSender({ db: api.db, transport: { sendMail: async (message) => void sent.push(message) }, from: 'x@rumboandino.pe', log: { warn() {}, error() {} }, attachments: ticketAttachments(api.db, now) });
    await sender.drainOutbox(new Date(Date.now() + 1000));
    const delivered = sent.find((message) => message.subject === mail!.subject)!;
    expect(delivered.list).toEqual({ unsubscribe: { url: mail!.baja, comment: 'Unsubscribe' } });
    expect(delivered.headers).toEqual({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    const pageRes = await api.app.inject({ url: optOut });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(pageRes.headers['content-security-policy']).toContain("form-action 'self'");
    expect(pageRes.body).toContain('<html lang="es">');
    expect(pageRes.body).toContain(`<form method="post" action="${optOut.replace(/&/g, '&amp;')}">`);
    // Only looking (a mail scanner following the link) does not opt out.
    expect(await sendDueReminders(api.db, one, new Date(salida - 2 * HOUR))).toBe(1);

    const forged = await api.app.inject({ method: 'POST', url: optOut.replace(/firma=[^&]+/, 'firma=AAAAAAAAAAAAAAAAAAAAAA') });
    expect(forged.statusCode).toBe(404);
    const done = await api.app.inject({ method: 'POST', url: optOut, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(`no le enviaremos más recordatorios de la compra ${view.codigo}`);
    expect((await api.app.inject({ method: 'POST', url: optOut })).statusCode).toBe(200);

    // A later trip of an opted-out purchase: nothing (another purchase shows the job still runs).
    const other = await paidPurchase({ days: 4 });
    const otherSalida = other.pocket.legs[0]!.salida.getTime();
    await api.db.delete(recordatorio).where(eq(recordatorio.creserva, pocket.creserva));
    expect(await sendDueReminders(api.db, one, new Date(Math.min(salida, otherSalida) - 23 * HOUR))).toBe(1);
    expect(await reminders(view.codigo)).toHaveLength(2);
  });
});

describe('reminder mail', () => {
  const reservation = (idioma: 'es-PE' | 'en-EN'): PocketReservation => ({
    creserva: 1,
    codigo: 'ABCD2345',
    idioma,
    email: 'rosa@example.pe',
    nombre: 'Rosa Quispe',
    pagado: new Date('2026-12-01T15:00:00Z'),
    legs: [
      {
        cviaje: 7,
        tramo: 'ida',
        origen: 'Lima',
        destino: 'Cusco',
        retraso_min: 0,
        cancelado: false,
        terminal_origen: 'Terminal Javier Prado',
        terminal_destino: 'Terminal Cusco',
        direccion_origen: 'Av. Javier Prado Este 1155, La Victoria',
        direccion_destino: 'Av. Velasco Astete s/n',
        salida: new Date('2026-12-10T02:30:00Z'),
        embarque: new Date('2026-12-10T02:00:00Z'),
        llegada: new Date('2026-12-11T00:30:00Z'),
        servicio: 'Presidencial',
        boletos: [
          { numero: 'ABCD2345-1', qr: 'RA1|x', nasiento: 12, gnivel_piso: 16, pasajero: 'Rosa Quispe Mamani', ctipo_documento: 19, menor: false, parentesco: null, infante: { nombre: 'Inti Quispe Rojas', autorizacion_notarial: true } },
          { numero: 'ABCD2345-2', qr: 'RA1|y', nasiento: 13, gnivel_piso: 16, pasajero: 'Ana Quispe Rojas', ctipo_documento: 19, menor: true, parentesco: 'familiar', infante: null },
          { numero: 'ABCD2345-3', qr: 'RA1|z', nasiento: 14, gnivel_piso: 16, pasajero: 'Luis Quispe Rojas', ctipo_documento: 19, menor: true, parentesco: 'madre', infante: null },
        ],
      },
    ],
  });
  const mailLinks = { pdf: 'https://api/pdf', calendar: 'https://api/ics', apple: new Map<string, string>(), google: new Map<string, string>(), optOut: 'https://api/baja' };

  it('asks for a minor\'s travel authorization only when they travel with neither parent, in both languages', () => {
    const es = reminderMail(reservation('es-PE'), reservation('es-PE').legs[0]!, '3h', mailLinks);
    expect(es.subject).toMatch(/^Recordatorio: su viaje Lima → Cusco sale el 9 de diciembre de 2026(,| a las) 21:30$/);
    expect(es.text).toContain('Ana Quispe Rojas es menor de edad y viaja sin su padre ni su madre: lleve su permiso notarial de viaje firmado por uno de sus padres y muéstrelo al embarcar; sin él no podrá embarcar.');
    expect(es.text).not.toContain('Luis Quispe Rojas es menor');
    // Issue 34: the lap child's document, and their authorization (carried by someone who is not a parent).
    expect(es.text).toContain('Inti Quispe Rojas viaja en brazos de Rosa Quispe Mamani: lleve también su documento de identidad.');
    expect(es.text).toContain('Inti Quispe Rojas es menor de edad y viaja sin su padre ni su madre');
    expect(es.text).toContain('Hora de embarque: preséntese a las 21:00');
    expect(es.text).toContain('Dirección: Av. Javier Prado Este 1155, La Victoria');
    const en = reminderMail(reservation('en-EN'), reservation('en-EN').legs[0]!, '24h', mailLinks);
    expect(en.text).toContain('Ana Quispe Rojas is a minor travelling with neither parent');
    expect(en.text).not.toContain('Luis Quispe Rojas is a minor');
    expect(en.text).toContain("Inti Quispe Rojas rides on Rosa Quispe Mamani's lap");
    expect(en.text).toContain('show it at boarding');
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).not.toContain('Apple Wallet');
  });
});
