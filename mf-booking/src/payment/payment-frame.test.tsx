import { screen } from '@testing-library/react';
import { hydrateFrame } from '../testing/hydrate';
import { setUpBooking } from '../testing/render';
import { PaymentPage } from './payment.page';

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

describe("step 3's frame (the stitched page of /pasajes/pago)", () => {
  it('is its steps, heading and the form\'s place; it hydrates without a mismatch, then shows what the purchase has', async () => {
    const { html, mismatches, container } = await hydrateFrame('/pasajes/pago', '/pasajes/pago', <PaymentPage />);
    expect(html).toContain('Datos de los pasajeros y pago');
    expect(html).toContain('chakra-skeleton');
    expect(mismatches).toEqual([]);
    // No purchase in this browser: the page says so once hydrated.
    expect(await screen.findByRole('link', { name: /buscar/i })).toBeInTheDocument();
    container.remove();
  });
});
