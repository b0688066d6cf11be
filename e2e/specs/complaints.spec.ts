import { expect, test } from '../support/test';
import { ComplaintsPage, type ComplaintData } from '../pages/complaints.page';
import { expectAccessible } from '../support/axe';
import { SITE } from '../support/site';
// The spec's messages of an empty sheet (with its defaults), in its order: one list for every package's tests.
import EMPTY_SHEET_MESSAGES from '../../shared/src/testing/complaint-empty-sheet.json';

const complaint = (correo: string): ComplaintData => ({
  nacimiento: '1988-04-12',
  numero: '45678912',
  datos: 'Rosa María',
  paterno: 'Quispe',
  materno: 'Mamani',
  direccion: 'Jr. Amazonas 456, Cusco',
  telefono: '984123456',
  correo,
  motivo: '1',
  viaje: '2026-11-15T21:30',
  detalle: 'El bus salió con dos horas de retraso y no se informó el motivo a los pasajeros.',
  resultado: 'Compensación por el retraso',
});

test.describe('complaints book', () => {
  test('shows the operator, the defaults and the legal definitions; every control has its spec name', async ({ page }) => {
    const book = new ComplaintsPage(page);
    await book.openBook();
    await expect(book.main).toContainText('Rumbo Andino Express S.A.C.');
    await expect(book.main).toContainText('20518739469');
    await expect(book.form.locator('[name="genero"][value="M"]')).toBeChecked();
    await expect(book.field('documento')).toHaveValue('19');
    await expect(book.form.locator('[name="tipo_reclamo"][value="1"]')).toBeChecked();
    await expect(book.field('destino')).toHaveValue('4');
    await expect(book.field('tamanioInput')).toHaveValue('8');
    await expect(book.field('numero')).toHaveAttribute('maxlength', '8');
    await expect(book.field('motivo').locator('option').first()).toHaveText('* Seleccione el Motivo');
    await expect(book.field('nacimiento')).toHaveAttribute('min', '1900-01-01');
    await expect(book.field('nacimiento')).toHaveAttribute('max', '2099-12-31');
    await expect(book.main).toContainText(/Disconformidad relacionada a los productos o servicios/);
    await expect(book.main).toContainText(/\(15\) días hábiles/);
    await book.field('documento').selectOption('20');
    await expect(book.field('numero')).toHaveAttribute('maxlength', '12');
    await expect(book.field('tamanioInput')).toHaveValue('12');
    await expectAccessible(page);
  });

  for (const language of ['es-PE', 'en-EN'] as const) {
    test(`shows each field's first failing check only, in the spec order (${language})`, async ({ page }) => {
      const book = new ComplaintsPage(page);
      await book.openBook();
      if (language === 'en-EN') {
        await book.switchLanguage('en-EN');
        // The form in English: the book is drawn anew in the new language (its HTML is es-PE's).
        await expect(book.form.getByRole('button', { name: 'Submit' })).toBeVisible();
      }
      await book.submit();
      const summary = book.errorSummary();
      // An empty sheet (with the spec's defaults): eleven messages, one per field, in the spec's order.
      await expect(summary.getByRole('listitem')).toHaveText(EMPTY_SHEET_MESSAGES[language]);
      await expect(book.field('nacimiento')).toBeFocused();
      await expectAccessible(page);

      // A DNI with letters and too short: only its length, the first check that fails.
      await book.field('numero').fill('12ab');
      await book.submit();
      await expect(summary.getByRole('listitem').nth(1)).toHaveText(language === 'es-PE' ? 'El DNI debe tener 8 caracteres' : 'The DNI must have 8 characters');
      await expect(summary.getByRole('listitem')).toHaveCount(11);
    });
  }

  test('the operator\'s legal identity and the call-center number show even when the operator call fails', async ({ page }) => {
    await page.route('**/rest/informacion/representante', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }));
    const book = new ComplaintsPage(page);
    await book.openBook();
    const provider = book.main.getByRole('region', { name: 'Datos del proveedor' });
    await expect(provider).toContainText('Rumbo Andino Express S.A.C.');
    await expect(provider).toContainText('20518739469');
    await expect(provider).toContainText('Av. Nicolás Arriola 1250, La Victoria, Lima, Perú');
    await expect(page.getByTestId('contact-card').getByRole('link', { name: '(01) 708-5000' })).toBeVisible();
  });

  test('files a sheet: numbered 000000001-YYYY style, dated, with the deadline and an e-mailed copy', async ({ page, request }) => {
    const correo = `rosa.${Date.now()}@example.pe`;
    const book = new ComplaintsPage(page);
    await book.openBook();
    await book.fill(complaint(correo));
    await book.submit();
    await expect(book.receipt()).toBeVisible();
    await expect(book.receipt()).toBeFocused();
    await expect(book.main).toContainText(/\d{9}-\d{4}/);
    await expect(book.main).toContainText(correo);
    await expectAccessible(page);

    const mails = await request.get(`${SITE.apiUrl}/dev/outbox.json?to=${encodeURIComponent(correo)}`);
    const { data } = (await mails.json()) as { data: { to: string; subject: string; text: string }[] };
    expect(data).toHaveLength(1);
    const sheet = (await book.main.textContent())?.match(/\d{9}-\d{4}/)?.[0];
    expect(data[0]!.text).toContain(sheet!);
  });

  test('the server runs the same checks: a bad request gets a 400 with the message, never a 500', async ({ request }) => {
    const bad = await request.post(`${SITE.apiUrl}/rest/reclamacion/registro`, {
      data: { ...complaint('rosa@example.pe'), genero: 'M', tipo_reclamo: '1', destino: '4', documento: '19', numero: '1234' },
      headers: { 'Accept-Language': 'es-PE' },
    });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'El DNI debe tener 8 caracteres', field: 'numero' });
    const junk = await request.post(`${SITE.apiUrl}/rest/reclamacion/registro`, { data: '[1,2,3]', headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en-EN' } });
    expect(junk.status()).toBe(400);
    expect((await junk.json()).message).toBe('Select your date of birth');
  });
});
