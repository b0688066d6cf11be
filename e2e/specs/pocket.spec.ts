import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/test';
import { ReservationStatusPage } from '../pages/booking.page';
import { buyTicket } from '../pages/purchase.flow';
import { expectAccessible } from '../support/axe';
import { SITE } from '../support/site';

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** An iCalendar text unfolded (RFC 5545 §3.1: a line starting with a space continues the last). */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

/**
 * The reminders' signed opt-out link of a purchase, as the reminder mail carries it (the API's
 * pocket/pocket-links.ts, with the e2e site's session secret): the reminder job itself runs 24 h
 * before a trip, so the journey opens the link a reminder would give.
 */
function optOutLink(codigo: string): string {
  const key = createHmac('sha256', SITE.sessionSecret).update('rumbo:bolsillo-baja').digest();
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const firma = createHmac('sha256', key).update(`${codigo}|${exp}`).digest('base64url').slice(0, 22);
  return `${SITE.apiUrl}/rest/venta/recordatorios/${codigo}/baja?exp=${exp}&firma=${firma}`;
}

/** The files of a zip (a .pkpass), read with unzip. */
function unzip(bytes: Buffer, names: string[]): Record<string, string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pkpass-'));
  try {
    writeFileSync(path.join(dir, 'pass.pkpass'), bytes);
    const listing = execFileSync('unzip', ['-Z1', 'pass.pkpass'], { cwd: dir, encoding: 'utf8' });
    return Object.fromEntries([['(listing)', listing], ...names.map((name) => [name, execFileSync('unzip', ['-p', 'pass.pkpass', name], { cwd: dir, encoding: 'utf8' })])]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a paid ticket offers its trip for the calendar and its boarding pass for Apple and Google Wallet (issue 36)', async ({ page, request }) => {
  const reservation = new ReservationStatusPage(page);
  const codigo = await buyTicket(page, {
    passenger: { numero: '42345678', nombres: 'Lucía', paterno: 'Huamán', materno: 'Torres', email: 'lucia@example.pe', genero: 'F', nacimiento: '1991-02-03' },
    buyerEmail: `lucia.${stamp()}@example.pe`,
    days: 8,
  });

  const numero = `${codigo}-1`;
  const ticket = reservation.tickets().first();
  await expect(ticket.getByRole('img', { name: `Código QR del pasaje ${numero}, para el embarque` })).toBeVisible();
  const calendar = page.getByRole('link', { name: 'Agregar al calendario (.ics)' });
  const apple = ticket.getByRole('link', { name: `Agregar el pasaje ${numero} a Apple Wallet` });
  const google = ticket.getByRole('link', { name: `Agregar el pasaje ${numero} a Google Wallet` });
  await expect(calendar).toBeVisible();
  await expect(apple).toBeVisible();
  await expect(google).toHaveAttribute('href', /^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
  await expectAccessible(page);

  // The calendar file: one event in Lima's zone at the boarding terminal, with the link back.
  const ics = await request.get((await calendar.getAttribute('href'))!);
  expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = unfold(await ics.text());
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Lima');
  expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(text).toMatch(/\r\nDTSTART;TZID=America\/Lima:\d{8}T\d{6}\r\n/);
  expect(text).toMatch(/\r\nLOCATION:[^\r]*Lima/);
  expect(text).toContain(`URL;VALUE=URI:${SITE.siteUrl}/pasajes/recuperar?codigo=${codigo}`);

  // The Apple Wallet pass: a signed bundle with the boarding QR.
  const pass = await request.get((await apple.getAttribute('href'))!);
  expect(pass.headers()['content-type']).toBe('application/vnd.apple.pkpass');
  const files = unzip(await pass.body(), ['pass.json', 'manifest.json']);
  expect(files['(listing)']!.split('\n').filter(Boolean).sort()).toEqual(expect.arrayContaining(['icon.png', 'manifest.json', 'pass.json', 'signature']));
  const passJson = JSON.parse(files['pass.json']!);
  expect(passJson).toMatchObject({ serialNumber: numero, boardingPass: { transitType: 'PKTransitTypeBus' }, barcodes: [{ format: 'PKBarcodeFormatQR', altText: numero }] });
  expect(Object.keys(JSON.parse(files['manifest.json']!))).toContain('pass.json');

  // The reminders' opt-out: a page with one button in the purchase's language, accessible; the POST confirms.
  await page.goto(optOutLink(codigo));
  await expect(page.getByRole('heading', { level: 1, name: 'Recordatorios de viaje' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Dejar de recibir recordatorios' }).click();
  await expect(page.getByRole('status')).toHaveText(`Listo: no le enviaremos más recordatorios de la compra ${codigo}. Sus boletos siguen válidos.`);
  await expectAccessible(page);
});
