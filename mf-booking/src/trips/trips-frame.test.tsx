import { screen } from '@testing-library/react';
import { trip } from '../testing/fixtures';
import { hydrateFrame } from '../testing/hydrate';
import { setUpBooking } from '../testing/render';
import { tripsApi } from '../testing/trips-api';
import { TripsPage } from './trips.page';

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
const FECHA = new Date(Date.parse(`${today}T12:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

describe("step 1's frame (the stitched page of every /pasajes address)", () => {
  it('is rendered without the query, hydrates for an address with one, then shows and searches that address', async () => {
    const searches = tripsApi([[trip({ cviaje: 11 })]]);
    const { html: frame, mismatches, container } = await hydrateFrame('/pasajes', `/pasajes?origen=LIM&destino=AQP&fecha=${FECHA}&pasajeros=2`, <TripsPage />);
    expect(frame).toContain('Pasos de la compra');
    expect(frame).toContain('Buscando viajes');
    expect(frame).not.toContain('AQP');
    expect(mismatches).toEqual([]);
    expect(await screen.findByText('1 viaje')).toBeInTheDocument();
    expect(searches).toEqual([{ origen: 'LIM', destino: 'AQP', fecha: FECHA, cusuario: 50005, coficina_venta: 577 }]);
    container.remove();
  });
});
