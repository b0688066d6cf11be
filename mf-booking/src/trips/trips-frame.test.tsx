import { screen } from '@testing-library/react';
import type { TripsData } from './trips.page';
import { TERMINALS, trip } from '../testing/fixtures';
import { hydrateFrame } from '../testing/hydrate';
import { setUpBooking } from '../testing/render';
import { tripsApi } from '../testing/trips-api';
import { TripsPage } from './trips.page';

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
const FECHA = new Date(Date.parse(`${today}T12:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
const STEP_1 = `/pasajes?origen=LIM&destino=AQP&fecha=${FECHA}&pasajeros=2`;

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

describe("step 1 as the site server renders it (issue 33)", () => {
  it("has the address's search form and the loader's trips in its HTML; the browser hydrates exactly them, then asks the trips anew", async () => {
    const data: TripsData = {
      terminals: TERMINALS,
      trips: { query: { origen: 'LIM', destino: 'AQP', fecha: FECHA }, answer: [trip({ cviaje: 11 })] },
    };
    const searches = tripsApi([[trip({ cviaje: 11 }), trip({ cviaje: 12, fecha_salida: `${FECHA}T23:00:00.000Z` })]]);
    // The server's render and the browser's read the same route data (`useRouteData`).
    const { html, mismatches, container } = await hydrateFrame(STEP_1, STEP_1, <TripsPage />, undefined, data);
    expect(html).toContain('1 viaje');
    expect(html).toMatch(/<form[^>]*>/);
    expect(html).not.toContain('aria-busy="true"');
    expect(mismatches).toEqual([]);
    // Live: the day's trips asked anew, once, and drawn.
    expect(await screen.findByText('2 viajes')).toBeInTheDocument();
    expect(searches).toEqual([{ origen: 'LIM', destino: 'AQP', fecha: FECHA, cusuario: 50005, coficina_venta: 577 }]);
    container.remove();
  });

  it('draws the return leg once live (it needs this tab\'s booking): its HTML is the frame, which hydrates', async () => {
    const searches = tripsApi([[trip({ cviaje: 11 })]]);
    const vuelta = `${STEP_1}&regreso=${FECHA}&tramo=vuelta`;
    const { html, mismatches, container } = await hydrateFrame(vuelta, vuelta, <TripsPage />);
    expect(html).toContain('Pasos de la compra');
    expect(html).toContain('Buscando viajes');
    expect(mismatches).toEqual([]);
    expect(await screen.findByText('1 viaje')).toBeInTheDocument();
    expect(searches).toHaveLength(1);
    container.remove();
  });
});
