import { screen, within } from '@testing-library/react';
import { languageKey } from '@rumbo/shared/storage';
import { writeReservation } from '../reservation';
import { RESERVATION_CODE, reservationView, ticket, trip } from '../testing/fixtures';
import { codeOfPath, showOfflineTicket, type OfflineTicketConfig } from './offline-ticket';

const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
const config: OfflineTicketConfig = { apiBaseUrl: 'https://api.rumbo.test', product: 'rumbo' };
const paid = reservationView({
  estado: 'pagada',
  boletos: [
    ticket({ direccion_origen: 'Av. Túpac Amaru 1234', embarque: '2026-11-28T01:00:00.000Z', comprobante: 'B001-27' }),
    ticket({ numero: 'ABCD2345-2', nasiento: 6, estado: 'postergado', postergado_a: 'WXYZ6789-1' }),
  ],
});

/** The API as the service worker answers it offline: the kept reservation, for this code and key only. */
function keptApi(view = paid) {
  const asked: unknown[] = [];
  const fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { codigo: string; clave_bloqueo: string };
    asked.push({ url: String(url), body });
    if (body.codigo === view.codigo && body.clave_bloqueo === KEY) return new Response(JSON.stringify({ data: view }), { status: 200 });
    throw new TypeError('Failed to fetch');
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, asked };
}

const qr = async (text: string) => `data:image/png;base64,${btoa(text)}`;

function show(fetch: typeof globalThis.fetch) {
  return showOfflineTicket({ doc: document, purchases: sessionStorage, preferences: localStorage, fetch, qr }, config);
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  document.body.innerHTML = '<main id="main"></main>';
  window.history.replaceState({}, '', `/pasajes/reserva/${RESERVATION_CODE}`);
});

describe('the ticket with no network (issue 36)', () => {
  it("draws this browser's kept tickets: QR with the ticket code as its text, where and when to board, seat, voucher; a void ticket has no QR", async () => {
    writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 }, ida: trip(), tramo: 'ida', clave_bloqueo: KEY, codigo: RESERVATION_CODE });
    const api = keptApi();
    expect(await show(api.fetch)).toBe('tickets');
    // Asked as the page asks: the reservation with this browser's purchase key.
    expect(api.asked).toEqual([{ url: 'https://api.rumbo.test/rest/venta/consulta', body: { codigo: RESERVATION_CODE, clave_bloqueo: KEY } }]);
    expect(document.documentElement.lang).toBe('es-PE');
    expect(document.title).toBe('Tu reserva');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Tu reserva');
    expect(screen.getByRole('status')).toHaveTextContent('Sin conexión: este es el pasaje guardado en este equipo');
    expect(screen.getByTestId('reservation-code')).toHaveTextContent(RESERVATION_CODE);
    expect(screen.getByTestId('reservation-state')).toHaveTextContent('Pagada');
    const [valid, postponed] = screen.getAllByTestId('ticket');
    const image = within(valid!).getByRole('img', { name: 'Código QR del pasaje ABCD2345-1, para el embarque' });
    expect(image).toHaveAttribute('src', await qr('RA|ABCD2345-1|sig'));
    expect(valid).toHaveTextContent('Rosa Quispe Mamani');
    expect(valid).toHaveTextContent('Terminal Plaza Norte, Av. Túpac Amaru 1234 (Lima)');
    expect(within(valid!).getByTestId('ticket-boarding-time')).toHaveTextContent(/\d{1,2}:\d{2}/);
    expect(valid).toHaveTextContent('Asiento5, piso 1');
    expect(within(valid!).getByTestId('ticket-voucher')).toHaveTextContent('B001-27');
    expect(within(postponed!).queryByRole('img')).toBeNull();
    expect(within(postponed!).getByTestId('ticket-state')).toHaveTextContent('Postergado, sin efecto');
    expect(postponed).toHaveTextContent('Reemplazado porWXYZ6789-1');
  });

  it("speaks the reader's chosen language, and a purchase known from an earlier one of this tab opens too", async () => {
    localStorage.setItem(languageKey('rumbo'), 'en-EN');
    sessionStorage.setItem('CRESERVA_ANTERIORES', JSON.stringify({ [RESERVATION_CODE]: KEY }));
    expect(await show(keptApi().fetch)).toBe('tickets');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your reservation');
    expect(screen.getByTestId('reservation-state')).toHaveTextContent('Paid');
    expect(screen.getAllByRole('img')[0]).toHaveAccessibleName('QR code of ticket ABCD2345-1, for boarding');
    expect(screen.getByRole('status')).toHaveTextContent('Offline: this is the ticket kept on this device');
    // Ley 32495: the complaints book from the offline ticket too.
    expect(screen.getByRole('link', { name: 'Complaints book (Libro de Reclamaciones)' })).toHaveAttribute('href', '/libro_reclamaciones');
  });

  it('says so when this device keeps no such ticket: no key in this browser, another key, an unpaid reservation, an address that is no code', async () => {
    // No purchase key: nothing is asked.
    const none = keptApi();
    expect(await show(none.fetch)).toBe('missing');
    expect(none.asked).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent('Este pasaje no está guardado en este equipo');
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Libro de Reclamaciones' })).toHaveAttribute('href', '/libro_reclamaciones');
    // Another key: the worker gives nothing back.
    writeReservation({ search: { origen: '', destino: '', fecha: '', pasajeros: 1 }, tramo: 'ida', clave_bloqueo: 'another-key', codigo: RESERVATION_CODE });
    expect(await show(keptApi().fetch)).toBe('missing');
    // Pending (nothing to board with) or not the contract's shape.
    writeReservation({ search: { origen: '', destino: '', fecha: '', pasajeros: 1 }, tramo: 'ida', clave_bloqueo: KEY, codigo: RESERVATION_CODE });
    expect(await show(keptApi(reservationView()).fetch)).toBe('missing');
    expect(await show(keptApi({ ...paid, boletos: [{ numero: 'X' }] } as unknown as typeof paid).fetch)).toBe('missing');
    expect(screen.queryByTestId('ticket')).toBeNull();
  });

  it('reads the code from the address as the route names it', () => {
    expect(codeOfPath('/pasajes/reserva/abcd2345')).toBe('ABCD2345');
    expect(codeOfPath('/pasajes/reserva/')).toBeUndefined();
    expect(codeOfPath('/pasajes/reserva/%3Cscript%3E')).toBeUndefined();
    expect(codeOfPath('/micuenta')).toBeUndefined();
  });
});
