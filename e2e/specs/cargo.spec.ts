import { expect, test, failedResponse } from '../support/test';
import { CargoPage } from '../pages/cargo.page';
import { expectAccessible } from '../support/axe';

test.describe('cargo', () => {
  test('tracks a shipment: timeline with agencies and times, names masked, in both languages', async ({ page }) => {
    const cargo = new CargoPage(page);
    await cargo.open('/');
    await cargo.navLink('Seguimiento').click();
    await expect(page).toHaveURL(/\/cargo\/seguimiento$/);
    await expect(cargo.heading()).toHaveText('Seguimiento de envíos');
    await expect(page).toHaveTitle(/Seguimiento de encomiendas \| Rumbo Andino/);

    await cargo.track('ra48213907');
    await expect(cargo.main.getByRole('heading', { name: 'Envío RA48213907' })).toBeVisible();
    await expect(cargo.status()).toHaveText('Entregado');
    await expect(cargo.steps()).toHaveCount(5);
    await expect(cargo.steps().nth(2)).toContainText('Llegó a la agencia de destino');
    await expect(cargo.steps().nth(2)).toContainText('Terminal Arequipa (Arequipa)');
    await expect(cargo.main.getByText('M**** E**** Q***** H*****')).toBeVisible();
    await expect(cargo.main).not.toContainText('Quispe');
    await expectAccessible(page);

    await cargo.switchLanguage('en-EN');
    await expect(cargo.heading()).toHaveText('Shipment tracking');
    await expect(cargo.status()).toHaveText('Delivered');
  });

  test('an unknown code gets a clear message; a shipment that asks for the document gets it', async ({ consoleErrors, page }) => {
    // What this journey provokes on purpose: the unknown code, the missing document.
    consoleErrors.allow(failedResponse(404, '/rest/carga/seguimiento'));
    consoleErrors.allow(failedResponse(400, '/rest/carga/seguimiento'));
    const cargo = new CargoPage(page);
    await cargo.openTracking();
    await cargo.track('RA99999999');
    await expect(cargo.main.getByText(/No encontramos un envío con ese código/)).toBeVisible();
    await expect(cargo.codeField()).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    await cargo.track('RA93150642');
    await expect(cargo.documentField()).toBeFocused();
    await cargo.documentField().fill('41234567');
    await cargo.main.locator('form button[type="submit"]').click();
    await expect(cargo.status()).toHaveText('En reparto');
    await expect(cargo.steps().nth(4)).toContainText('Pendiente');
  });

  test('the cargo page estimates a price and lists agencies that take cargo; the clauses page', async ({ page }) => {
    const cargo = new CargoPage(page);
    await cargo.openService();
    await expect(cargo.heading()).toHaveText('Envía lo que necesites a todo el Perú');
    const result = await cargo.estimate('LIM', 'AQP', '10');
    await expect(result).toContainText('de Lima a Arequipa para 10 kg');
    await expect(cargo.main.getByRole('heading', { name: 'Agencias que reciben carga' })).toBeVisible();
    await expect(cargo.main.getByText('Agencia Cercado de Lima')).toBeVisible();
    await expect(cargo.main.getByText('Agencia Miraflores')).toHaveCount(0);
    await expectAccessible(page);

    await cargo.main.getByRole('link', { name: 'Lee las cláusulas de carga' }).click();
    await expect(cargo.heading()).toHaveText('Cláusulas del servicio de carga');
    await expectAccessible(page);
    await cargo.switchLanguage('en-EN');
    await expect(cargo.heading()).toHaveText('Cargo service clauses');
  });
});
