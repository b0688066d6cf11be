import { limaTime } from '@rumbo/shared/schemas';
import { hydrateAt, json, stubRest } from '@rumbo/shared/testing';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fillFrame } from '../frame-fill';
import { writeReservation } from '../reservation';
import { TWO_DECKS, trip } from '../testing/fixtures';
import { hydrateFrame } from '../testing/hydrate';
import { setUpBooking } from '../testing/render';
import { SeatsPage } from './seats.page';

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

describe("step 2's frame (the server-rendered page of /pasajes/asientos)", () => {
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

describe("step 2's frame filled from session storage before the code (frame-fill.js)", () => {
  const search = { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 };

  it('shows the chosen trip in the words the live page uses, hydrates it without a mismatch, and the live page keeps it', async () => {
    stubRest(() => json(200, { data: { asientos: TWO_DECKS, especiales: [] } }));
    const chosen = trip();
    writeReservation({ search, ida: chosen, tramo: 'ida' });
    const line = `Lima → Arequipa · ${limaTime(chosen.fecha_salida, 'es-PE')} → ${limaTime(chosen.fecha_llegada, 'es-PE')} · ${chosen.servicio}`;
    let filled = '';
    const { mismatches, container } = await hydrateAt(
      '/pasajes/asientos',
      '/pasajes/asientos',
      (address) => (
        <MemoryRouter initialEntries={[address]}>
          <SeatsPage />
        </MemoryRouter>
      ),
      (page) => {
        fillFrame(document, sessionStorage);
        filled = page.querySelector('[data-frame-fill="seats-trip"]')?.textContent ?? '';
      },
    );
    expect(filled).toBe(line);
    expect(mismatches).toEqual([]);
    expect(await screen.findByRole('grid', { name: 'Piso 1' })).toBeInTheDocument();
    expect(screen.getByText(line)).toBeInTheDocument();
    container.remove();
  });

  it('shows the return trip on the return leg, and nothing without a booking or for a reader of another language', () => {
    document.body.innerHTML = '<p data-frame-fill="seats-trip"></p>';
    const element = document.querySelector('p')!;
    fillFrame(document, sessionStorage);
    expect(element).toHaveTextContent('');
    const back = trip({ servicio: 'Andino Cama', terminal_salida: { ...trip().terminal_llegada }, terminal_llegada: { ...trip().terminal_salida } });
    writeReservation({ search: { ...search, regreso: '2026-11-30' }, ida: trip(), vuelta: back, tramo: 'vuelta' });
    document.documentElement.classList.add('prerender-stale');
    fillFrame(document, sessionStorage);
    expect(element).toHaveTextContent('');
    document.documentElement.classList.remove('prerender-stale');
    fillFrame(document, sessionStorage);
    expect(element.textContent).toMatch(/^Arequipa → Lima · .* · Andino Cama$/);
    document.body.innerHTML = '';
  });
});
