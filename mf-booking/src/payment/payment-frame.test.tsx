import { STORAGE_KEYS } from '@rumbo/shared';
import { hydrateAt } from '@rumbo/shared/testing';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fillFrame } from '../frame-fill';
import { writeReservation } from '../reservation';
import { held, RESERVATION_CODE, trip } from '../testing/fixtures';
import { hydrateFrame } from '../testing/hydrate';
import { KEY, RETURN, workingApi } from '../testing/payment';
import { setUpBooking } from '../testing/render';
import { PaymentPage } from './payment.page';
import { legLine, tripFacts } from '../leg-line';
import { seatsTripLine } from '../seats/trip-line';

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

const SEARCH = { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 };
const later = () => new Date(Date.now() + 10 * 60_000).toISOString();
const terminals = ({ salida, llegada }: { salida: string; llegada: string }) => `embarque en ${salida}, desembarque en ${llegada}`;

describe("step 3's frame (the server-rendered page of /pasajes/pago)", () => {
  it("is its steps, heading and the trip lines' place; it hydrates without a mismatch, then shows what the purchase has", async () => {
    const { html, mismatches, container } = await hydrateFrame('/pasajes/pago', '/pasajes/pago', <PaymentPage />);
    expect(html).toContain('Datos de los pasajeros y pago');
    // A line per leg, empty, with the terminals' words to write it with.
    expect(html).toContain('<span data-frame-fill="payment-leg-ida" data-terminals="embarque en {salida}, desembarque en {llegada}"></span>');
    expect(html).toContain('data-frame-fill="payment-leg-vuelta"');
    expect(mismatches).toEqual([]);
    // No purchase in this browser: the page says so once hydrated.
    expect(await screen.findByRole('link', { name: /buscar/i })).toBeInTheDocument();
    container.remove();
  });
});

describe("step 3's frame filled from session storage before the code (frame-fill.js)", () => {
  const hydrateFilled = async () => {
    const filled: Record<string, string> = {};
    const hydrated = await hydrateAt(
      '/pasajes/pago',
      '/pasajes/pago',
      (address) => (
        <MemoryRouter initialEntries={[address]}>
          <PaymentPage />
        </MemoryRouter>
      ),
      (page) => {
        fillFrame(document, sessionStorage);
        for (const element of page.querySelectorAll('[data-frame-fill]')) filled[element.getAttribute('data-frame-fill')!] = element.textContent ?? '';
      },
    );
    return { filled, ...hydrated };
  };

  it("shows each leg's line in the words the live page uses, hydrates them without a mismatch, and the live page keeps them", async () => {
    workingApi();
    writeReservation({ search: { ...SEARCH, regreso: '2026-12-04' }, ida: trip(), vuelta: RETURN, tramo: 'vuelta', clave_bloqueo: KEY });
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([held(5, { expira: later() }), held(20, { cviaje: RETURN.cviaje, expira: later() })]));
    const ida = legLine(tripFacts(trip()), 'es-PE', terminals);
    const vuelta = legLine(tripFacts(RETURN), 'es-PE', terminals);
    expect(ida).toMatch(/^Lima → Arequipa · \S+, \d+ de \S+ \d{2}:\d{2} · .+ · embarque en Terminal .+, desembarque en Terrapuerto Arequipa$/);
    const { filled, mismatches, container } = await hydrateFilled();
    expect(filled).toEqual({ 'payment-leg-ida': ida, 'payment-leg-vuelta': vuelta });
    expect(mismatches).toEqual([]);
    expect(await screen.findByRole('button', { name: 'Reservar' })).toBeInTheDocument();
    expect(screen.getByText(ida, { exact: true })).toBeInTheDocument();
    expect(screen.getByText(vuelta, { exact: true })).toBeInTheDocument();
    container.remove();
  });

  it('leaves a one-way trip\'s return line empty, and writes nothing without held seats or once the purchase is a reservation', async () => {
    writeReservation({ search: SEARCH, ida: trip(), tramo: 'ida', clave_bloqueo: KEY });
    document.body.innerHTML = ['ida', 'vuelta'].map((leg) => `<span data-frame-fill="payment-leg-${leg}" data-terminals="embarque en {salida}, desembarque en {llegada}"></span>`).join('');
    const [idaLine, vueltaLine] = document.querySelectorAll('span');
    fillFrame(document, sessionStorage);
    expect(idaLine).toHaveTextContent('');
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([held(5, { expira: later() })]));
    writeReservation({ search: SEARCH, ida: trip(), tramo: 'ida', clave_bloqueo: KEY, codigo: RESERVATION_CODE });
    fillFrame(document, sessionStorage);
    expect(idaLine).toHaveTextContent('');
    writeReservation({ search: SEARCH, ida: trip(), tramo: 'ida', clave_bloqueo: KEY });
    fillFrame(document, sessionStorage);
    expect(idaLine!.textContent).toBe(legLine(tripFacts(trip()), 'es-PE', terminals));
    expect(vueltaLine).toHaveTextContent('');
    document.body.innerHTML = '';
  });

  it("writes the lines in the language the frame was rendered in: an English reader's dates in English", () => {
    writeReservation({ search: { ...SEARCH, regreso: '2026-12-04' }, ida: trip(), vuelta: RETURN, tramo: 'vuelta', clave_bloqueo: KEY });
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([held(5, { expira: later() }), held(20, { cviaje: RETURN.cviaje, expira: later() })]));
    const englishTerminals = ({ salida, llegada }: { salida: string; llegada: string }) => `boarding at ${salida}, arriving at ${llegada}`;
    document.body.innerHTML =
      '<div id="remote-mf_booking" data-island="load" data-language="en-EN"><section>' +
      ['ida', 'vuelta'].map((leg) => `<span data-frame-fill="payment-leg-${leg}" data-terminals="boarding at {salida}, arriving at {llegada}"></span>`).join('') +
      '<p data-frame-fill="seats-trip"></p></section></div>';
    fillFrame(document, sessionStorage);
    const [idaLine, vueltaLine] = document.querySelectorAll('span');
    const english = legLine(tripFacts(trip()), 'en-EN', englishTerminals);
    expect(english).not.toBe(legLine(tripFacts(trip()), 'es-PE', englishTerminals));
    expect(idaLine!.textContent).toBe(english);
    expect(vueltaLine!.textContent).toBe(legLine(tripFacts(RETURN), 'en-EN', englishTerminals));
    expect(document.querySelector('p')!.textContent).toBe(seatsTripLine(RETURN, 'en-EN'));
    document.body.innerHTML = '';
  });
});
