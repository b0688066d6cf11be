import { json, stubRest } from '@rumbo/shared/testing';
import { screen } from '@testing-library/react';
import { writeReservation } from '../reservation';
import { TWO_DECKS, trip } from '../testing/fixtures';
import { hydrateFrame } from '../testing/hydrate';
import { setUpBooking } from '../testing/render';
import { SeatsPage } from './seats.page';

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

describe("step 2's frame (the stitched page of /pasajes/asientos)", () => {
  it('carries no trip, hydrates without a mismatch, then shows the chosen trip and its seat map', async () => {
    const maps: unknown[] = [];
    stubRest(async (request) => {
      if (new URL(request.url).pathname !== '/rest/maqueta') return json(404, { message: 'not found' });
      maps.push(await request.clone().json());
      return json(200, { data: { asientos: TWO_DECKS, especiales: [] } });
    });
    const chosen = trip();
    writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 }, ida: chosen, tramo: 'ida' });
    const { html, mismatches, container } = await hydrateFrame('/pasajes/asientos', '/pasajes/asientos', <SeatsPage />);
    expect(html).toContain('Cargando');
    expect(html).not.toContain(chosen.servicio);
    expect(mismatches).toEqual([]);
    expect(await screen.findByRole('grid', { name: 'Piso 1' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(chosen.servicio))).toBeInTheDocument();
    expect(maps).toHaveLength(1);
    container.remove();
  });
});
