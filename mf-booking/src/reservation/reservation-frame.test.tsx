import { endpoints } from '@rumbo/shared/contract';
import { answer, hydrateAt, stubEndpointCalls } from '@rumbo/shared/testing';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { RESERVATION_ROUTE } from '../stored-purchase';
import { fillFrame } from '../frame-fill';
import { legLine, tripFacts } from '../leg-line';
import { writeReservation } from '../reservation';
import { RESERVATION_CODE, reservationView, trip } from '../testing/fixtures';
import { hydrateFrame } from '../testing/hydrate';
import { KEY } from '../testing/payment';
import { setUpBooking } from '../testing/render';
import { ReservationPage } from './reservation.page';

beforeEach(async () => {
  sessionStorage.clear();
  document.documentElement.removeAttribute('data-frame-filled');
  await setUpBooking('es-PE');
});

describe('the reservation\'s frame (the server-rendered page of /pasajes/reserva/{codigo}, one for every code)', () => {
  it('is its heading and the summary\'s place, no code; it hydrates at a code without a mismatch, then shows what this browser knows of it', async () => {
    const page = (
      <Routes>
        <Route path={RESERVATION_ROUTE} element={<ReservationPage />} />
      </Routes>
    );
    const { html, mismatches, container } = await hydrateFrame(RESERVATION_ROUTE, '/pasajes/reserva/ABCDEFGH', page);
    expect(html).toContain('Tu reserva');
    expect(html).toContain('chakra-skeleton');
    expect(html).not.toContain(':codigo');
    expect(mismatches).toEqual([]);
    // Not a purchase of this browser: the page says so once hydrated, with the address's code.
    expect(await screen.findByRole('alert')).toHaveTextContent('ABCDEFGH');
    container.remove();
  });
});

describe("the reservation's frame filled from this browser's purchase before the code (frame-fill.js)", () => {
  const search = { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 };
  const terminals = ({ salida, llegada }: { salida: string; llegada: string }) => `embarque en ${salida}, desembarque en ${llegada}`;
  const page = (address: string) => (
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path={RESERVATION_ROUTE} element={<ReservationPage />} />
      </Routes>
    </MemoryRouter>
  );

  it("shows its trip at the address of its code, and the answer's page keeps that very line", async () => {
    const leg = { ...tripFacts(trip()), tramo: 'ida' as const, cviaje: trip().cviaje, llegada: trip().fecha_llegada };
    stubEndpointCalls(answer(endpoints.reservation, reservationView({ tramos: [leg] })));
    writeReservation({ search, ida: trip(), tramo: 'ida', clave_bloqueo: KEY, codigo: RESERVATION_CODE });
    window.history.replaceState({}, '', `/pasajes/reserva/${RESERVATION_CODE.toLowerCase()}`);
    const line = legLine(tripFacts(trip()), 'es-PE', terminals);
    let filled: Element | null = null;
    let returnLine: string | null | undefined;
    const { mismatches, container } = await hydrateAt(RESERVATION_ROUTE, `/pasajes/reserva/${RESERVATION_CODE}`, page, (html) => {
      fillFrame(document, sessionStorage);
      filled = html.querySelector('[data-frame-fill="reservation-leg-ida"]');
      returnLine = html.querySelector('[data-frame-fill="reservation-leg-vuelta"]')?.textContent;
    });
    expect(filled!.textContent).toBe(line);
    expect(returnLine).toBe('');
    expect(mismatches).toEqual([]);
    expect(await screen.findByTestId('reservation-code')).toHaveTextContent(RESERVATION_CODE);
    // The line the answer renders is the element the frame painted, its text unchanged.
    expect(screen.getByText(line, { exact: true })).toBe(filled);
    container.remove();
    window.history.replaceState({}, '', '/');
  });

  it("writes nothing at another code's address, nor for a purchase with no trip in this browser (a recovered one)", () => {
    writeReservation({ search, ida: trip(), tramo: 'ida', clave_bloqueo: KEY, codigo: RESERVATION_CODE });
    document.body.innerHTML = '<span data-frame-fill="reservation-leg-ida" data-terminals="embarque en {salida}, desembarque en {llegada}"></span>';
    const element = document.querySelector('span')!;
    window.history.replaceState({}, '', '/pasajes/reserva/HGFEDCBA');
    fillFrame(document, sessionStorage);
    expect(element).toHaveTextContent('');
    window.history.replaceState({}, '', `/pasajes/reserva/${RESERVATION_CODE}`);
    writeReservation({ search, tramo: 'ida', clave_bloqueo: KEY, codigo: RESERVATION_CODE });
    fillFrame(document, sessionStorage);
    expect(element).toHaveTextContent('');
    document.body.innerHTML = '';
    window.history.replaceState({}, '', '/');
  });
});
