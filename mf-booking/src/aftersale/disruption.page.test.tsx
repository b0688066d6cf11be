import { endpoints } from '@rumbo/shared/contract';
import { i18n } from '@rumbo/shared';
import type { DisruptionTicket } from '@rumbo/shared/schemas';
import { answer, stubEndpointCalls } from '@rumbo/shared/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RESERVATION_CODE, ticket, trip } from '../testing/fixtures';
import { renderAt, setUpBooking } from '../testing/render';
import { DisruptionPage } from './disruption.page';
import { DisruptionStore } from './disruption.store';

const NUMERO = `${RESERVATION_CODE}-1`;
const TOKEN = '1795000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

const view = (overrides: Partial<DisruptionTicket> = {}): DisruptionTicket => ({
  boleto: ticket({ numero: NUMERO }),
  codigo: RESERVATION_CODE,
  incidencia: { tipo: 'cancelacion', minutos: 0, motivo: 'Derrumbe en la vía', salida: '2026-12-01T15:00:00Z' },
  derecho: true,
  hasta: '2026-12-31T15:00:00Z',
  bono_credito_pct: 10,
  reembolso_centimos: 5000,
  viajes: [trip({ cviaje: 77, fecha_salida: '2026-12-02T15:00:00Z', asientos_libres: 12 })],
  eleccion: null,
  ...overrides,
});

beforeEach(async () => {
  await setUpBooking('es-PE');
  await act(() => i18n.changeLanguage('es-PE'));
});

describe('disruption page (issue 35)', () => {
  it('says what changed and rebooks in one tap, then shows the new ticket with the focus on it', async () => {
    const newTicket = ticket({ numero: 'WXYZ6789-1' });
    const calls = stubEndpointCalls(
      answer(endpoints.disruptionTicket, view()),
      answer(endpoints.rebook, { tipo: 'reprogramacion', boleto_nuevo: newTicket, monto_centimos: 0, reembolso: null, credito_vence: null, creado: '2026-11-28T10:00:00Z' }),
    );
    const user = userEvent.setup();
    renderAt(`/pasajes/incidencia/${NUMERO}?t=${TOKEN}`, <DisruptionPage store={new DisruptionStore(NUMERO, TOKEN)} />);
    expect(await screen.findByText('El viaje fue cancelado. Motivo: Derrumbe en la vía')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Reprogramar sin costo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Devolver S\/ ?50(\.00)? a mi medio de pago$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Recibir S\/ ?55(\.00)? de crédito de viaje/ })).toBeInTheDocument();

    expect(calls.to(endpoints.disruptionTicket)).toEqual([{ numero: NUMERO, token: TOKEN }]);
    // After the choice the page reads the ticket again: now rebooked.
    stubEndpointCalls(
      answer(endpoints.rebook, { tipo: 'reprogramacion', boleto_nuevo: newTicket, monto_centimos: 0, reembolso: null, credito_vence: null, creado: '2026-11-28T10:00:00Z' }),
      answer(endpoints.disruptionTicket, view({ boleto: ticket({ numero: NUMERO, estado: 'postergado', postergado_a: 'WXYZ6789-1' }), viajes: [], eleccion: { tipo: 'reprogramacion', boleto_nuevo: newTicket, monto_centimos: 0, reembolso: null, credito_vence: null, creado: '2026-11-28T10:00:00Z' } })),
    );
    await user.click(screen.getByRole('button', { name: /^Reprogramar a la salida del/ }));
    const done = await screen.findByRole('heading', { level: 2, name: 'Reprogramó su viaje. Su nuevo pasaje es el WXYZ6789-1; se lo enviamos por correo.' });
    expect(done).toHaveFocus();
    expect(screen.queryByRole('button', { name: /^Devolver/ })).toBeNull();
  });

  it('reads in English, and a delay without the right only tells the new time', async () => {
    stubEndpointCalls(answer(endpoints.disruptionTicket, view({ incidencia: { tipo: 'retraso', minutos: 90, motivo: 'Fog', salida: '2026-12-01T16:30:00Z' }, derecho: false, viajes: [] })));
    await act(() => i18n.changeLanguage('en-EN'));
    renderAt(`/pasajes/incidencia/${NUMERO}?t=${TOKEN}`, <DisruptionPage store={new DisruptionStore(NUMERO, TOKEN)} />);
    expect(await screen.findByText('The trip leaves 90 minutes late. Reason: Fog')).toBeInTheDocument();
    expect(screen.getByText(/^New departure: .* \(Lima time\)$/)).toBeInTheDocument();
    expect(screen.getByText('This delay gives no right to rebook or to a refund. Your ticket stays valid at the new time.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Refund/ })).toBeNull();
  });

  it('opened without the mail token, or with an expired one, says so', async () => {
    stubEndpointCalls();
    renderAt(`/pasajes/incidencia/${NUMERO}`, <DisruptionPage store={new DisruptionStore(NUMERO, '')} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Abra esta página desde el enlace del correo que le enviamos.');
  });
});
