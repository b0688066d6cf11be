import { ALERT } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import { CONSENT_TEXT_VERSION } from '@rumbo/shared/schemas';
import { answer, json, renderWithUi, stubEndpointCalls } from '@rumbo/shared/testing';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpBooking } from '../testing/render';
import { PriceAlertOffer } from './price-alert';
import { PriceAlertStore } from './price-alert.store';

const ROUTE = { origen: 'LIM', destino: 'ARE' };
const CREATED = { calerta: 3, origen: 'LIM', destino: 'ARE', desde: null, hasta: null, tope: 60, avisado: null };

describe("step 1's price alert (issue 48 item 3)", () => {
  beforeEach(async () => {
    await setUpBooking('es-PE');
  });

  it("checks the sum and the channels with the API's own schema before sending anything", async () => {
    const api = stubEndpointCalls();
    const store = new PriceAlertStore(ROUTE, { signedIn: () => true });
    store.form.set('tope', 'barato');
    expect(await store.create()).toBe('tope');
    expect(store.form.errors).toEqual([
      { field: 'tope', key: 'validation:alert.tope.invalid' },
      { field: 'canales', key: 'validation:alert.canales.required' },
    ]);
    expect(api.calls).toEqual([]);
  });

  it('sends the route, the days, the sum and the ticked channels with the consent text\'s version', async () => {
    const api = stubEndpointCalls(answer(endpoints.priceAlertCreate, CREATED));
    const store = new PriceAlertStore(ROUTE, { signedIn: () => true });
    store.form.set('tope', '60');
    store.form.set('desde', '2027-01-10');
    store.setChannel('correo', true);
    store.setChannel('whatsapp', true);
    store.setChannel('whatsapp', false);
    expect(await store.create()).toBeUndefined();
    expect(api.calls[0]!.body).toEqual({ origen: 'LIM', destino: 'ARE', desde: '2027-01-10', tope: 60, canales: ['correo'], version: CONSENT_TEXT_VERSION });
    expect(store.created).toEqual(CREATED);
  });

  it("shows the server's refusal on the alert", async () => {
    stubEndpointCalls(answer(endpoints.priceAlertCreate, () => json(409, { code: 'alert.limit', message: 'x' })));
    const store = new PriceAlertStore(ROUTE, { signedIn: () => true });
    store.form.set('tope', '60');
    store.setChannel('push', true);
    expect(await store.create()).toBe(ALERT);
    expect(store.form.problem).toEqual({ key: 'validation:alert.limit', text: 'x' });
  });

  it('signed out, the button leads to sign in and back', async () => {
    const user = userEvent.setup();
    renderWithUi(<PriceAlertOffer route={ROUTE} store={new PriceAlertStore(ROUTE, { signedIn: () => false })} />);
    await user.click(screen.getByRole('button', { name: 'Avisarme si baja el precio de esta ruta' }));
    expect(screen.getByRole('link', { name: 'Inicie sesión para crear una' })).toHaveAttribute('href', expect.stringMatching(/^\/login\?pathname=/));
  });

  it('is a labelled form whose errors are announced beside their fields, then says the alert is set', async () => {
    stubEndpointCalls(answer(endpoints.priceAlertCreate, CREATED));
    const user = userEvent.setup();
    renderWithUi(<PriceAlertOffer route={ROUTE} store={new PriceAlertStore(ROUTE, { signedIn: () => true })} />);
    const open = screen.getByRole('button', { name: 'Avisarme si baja el precio de esta ruta' });
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('form', { name: 'Alerta de precio' })).toBeInTheDocument();
    const channels = screen.getByRole('group', { name: 'Avisarme por' });
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Crear alerta' }));
    const tope = screen.getByLabelText(/Avisarme cuando cueste menos de/);
    expect(tope).toHaveFocus();
    expect(tope).toHaveAccessibleDescription(expect.stringContaining('Indique un precio entre S/ 1 y S/ 9,999'));
    expect(channels).toHaveAccessibleDescription(expect.stringContaining('Elija al menos un medio'));
    await user.type(tope, '60');
    // jsdom has no PointerEvent for Ark's checkbox: a plain click on its input.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Correo electrónico' }));
    await user.click(screen.getByRole('button', { name: 'Crear alerta' }));
    expect(await screen.findByRole('status')).toHaveTextContent('le avisaremos cuando esta ruta cueste menos de S/ 60.00');
    expect(screen.getByRole('link', { name: 'Ver mis alertas de precio' })).toHaveAttribute('href', '/micuenta/comunicaciones');
  });
});
