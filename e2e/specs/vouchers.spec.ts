import { expect, test } from '../support/test';
import { BookingPage, PaymentStepPage, ReservationStatusPage } from '../pages/booking.page';
import { limaDate } from '../support/dates';
import { SITE } from '../support/site';

/**
 * Issue 34: a purchase paid in the sandbox leaves a signed electronic voucher the SUNAT stand-in
 * accepts; the buyer downloads its XML and printed copy from the purchase page and asks for a
 * factura after the purchase, which voids the boleta with a credit note.
 */
test('a paid purchase gets its boleta, accepted by the stand-in; the buyer downloads it and asks for a factura instead', async ({ page, request }) => {
  const booking = new BookingPage(page);
  const payment = new PaymentStepPage(page);
  const reservation = new ReservationStatusPage(page);
  await booking.openTrips({ origen: 'LIM', destino: 'AQP', fecha: limaDate(9), pasajeros: 1 });
  await booking.chooseTrip(/piso/);
  await booking.pickSeat();
  await booking.continueBooking();
  await expect(page).toHaveURL(/\/pasajes\/pago$/);
  const cviaje = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('CRESERVA') ?? '{}') as { ida?: { cviaje?: number } }).ida?.cviaje);
  await payment.fillPassenger(1, { numero: '41234568', nombres: 'Lucia', paterno: 'Quispe', materno: 'Mamani', email: 'lucia@example.pe', celular: '987654321', genero: 'F', nacimiento: '1988-04-12' });
  // Issue 34 item 7: her two-year-old rides on her lap, registered with his document.
  const lapBirth = limaDate(9 - 2 * 366);
  await payment.addLapChild(1, { numero: '91234567', nombres: 'Inti', paterno: 'Quispe', materno: 'Mamani', nacimiento: lapBirth, parentesco: 'madre' });
  const email = `lucia.${Date.now()}@example.pe`;
  await payment.fillBuyer('lucia quispe mamani', email);
  await payment.acceptTermsByClickingTheLabel();
  await payment.reserve();
  await expect(page).toHaveURL(/\/pasajes\/reserva\/[A-HJ-NP-Z2-9]{8}$/);
  await reservation.payWith(/^Tarjeta de crédito o débito/);
  await reservation.decideAtSafetyPay('approve');
  await expect(reservation.state()).toHaveText('Pagada', { timeout: 20_000 });

  // The boleta, sent by the outbox to the stand-in, which checks and accepts it (a reload shows it).
  await expect(reservation.vouchers()).toHaveCount(1);
  await expect(reservation.vouchers().first()).toContainText(/Boleta de venta B001-\d+/);
  await expect
    .poll(async () => {
      await page.reload();
      return reservation.vouchers().first().textContent();
    }, { timeout: 40_000 })
    .toContain('aceptado por SUNAT');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar XML' }).click();
  const xml = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(xml, 'utf8');
  expect(text).toMatch(/<cbc:InvoiceTypeCode[^>]*>03</);
  expect(text).toContain('<ds:SignatureValue>');

  // A factura in place of the boleta: the boleta voided by a credit note, the factura issued.
  await reservation.askFactura('20100047218', 'Banco de Crédito del Perú');
  await expect(page.getByRole('status').filter({ hasText: /Emitimos su factura F001-\d+/ })).toBeVisible();
  await expect(reservation.vouchers()).toHaveCount(3);
  await expect(reservation.vouchers().nth(0)).toContainText('anulado');
  await expect(reservation.vouchers().nth(1)).toContainText(/Nota de crédito BC01-\d+/);
  await expect(reservation.vouchers().nth(2)).toContainText(/Factura F001-\d+/);
  await expect(page.getByRole('heading', { name: '¿Necesita factura?' })).toHaveCount(0);

  // The trip's manifest (operators only) lists the child on Lucia's seat, with the voucher on hers.
  const manifest = await request.get(`${SITE.apiUrl}/rest/operador/viajes/${cviaje}/manifiesto`, { headers: { authorization: `Bearer ${SITE.operatorToken}` } });
  const lines = ((await manifest.json()) as { data: { pasajeros: { nombres: string; asiento: number; regazo_de: number | null; edad: number; comprobante: string | null }[] } }).data.pasajeros;
  const lucia = lines.find((p) => p.nombres === 'Lucia' && p.comprobante?.startsWith('F001-'));
  expect(lucia).toBeTruthy();
  expect(lines.find((p) => p.nombres === 'Inti' && p.asiento === lucia!.asiento)).toMatchObject({ regazo_de: lucia!.asiento, edad: 2, comprobante: null });

  // The buyer was mailed the new vouchers.
  await expect
    .poll(async () => {
      const answer = await request.get(`${SITE.apiUrl}/dev/outbox.json?to=${encodeURIComponent(email)}&limit=20`);
      return ((await answer.json()) as { data: { subject: string }[] }).data.map((mail) => mail.subject);
    })
    .toContain(`Sus comprobantes electrónicos de Rumbo Andino (compra ${page.url().split('/').at(-1)})`);
});
