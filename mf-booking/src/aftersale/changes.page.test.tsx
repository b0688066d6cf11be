import { endpoints } from '@rumbo/shared/contract';
import { i18n } from '@rumbo/shared';
import type { TicketChanges } from '@rumbo/shared/schemas';
import { answer, stubEndpointCalls } from '@rumbo/shared/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rememberPurchase } from '../reservation';
import { RESERVATION_CODE, ticket } from '../testing/fixtures';
import { renderAt, setUpBooking } from '../testing/render';
import { ChangesPage } from './changes.page';
import { ChangesStore } from './changes.store';

const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
const NUMERO = `${RESERVATION_CODE}-1`;

const changes = (overrides: Partial<TicketChanges> = {}): TicketChanges => ({
  boleto: ticket({ numero: NUMERO }),
  anulable: true,
  anulable_hasta: '2026-12-01T09:00:00Z',
  reembolso_centimos: 4500,
  cargo_centimos: 500,
  credito_centimos: 5000,
  credito_meses: 12,
  transferible: true,
  transferible_hasta: '2026-12-01T12:00:00Z',
  motivo: null,
  ...overrides,
});

beforeEach(async () => {
  sessionStorage.clear();
  rememberPurchase(RESERVATION_CODE, KEY);
  await setUpBooking('es-PE');
  await act(() => i18n.changeLanguage('es-PE'));
});

describe('ticket changes page (issue 35)', () => {
  it('shows what a cancellation gives before confirming, and sends only once confirmed', async () => {
    const calls = stubEndpointCalls(
      answer(endpoints.ticketChanges, changes()),
      answer(endpoints.cancelTicket, { tipo: 'anulacion', boleto_nuevo: null, monto_centimos: 4500, reembolso: 'hecho', credito_vence: null, creado: '2026-11-28T10:00:00Z' }),
    );
    const user = userEvent.setup();
    renderAt(`/pasajes/cambios/${NUMERO}`, <ChangesPage store={new ChangesStore(NUMERO)} />);
    await user.click(await screen.findByRole('button', { name: /^Anular y devolver S\/ ?45(\.00)? a mi medio de pago \(cargo de S\/ ?5(\.00)?\)$/ }));
    expect(calls.to(endpoints.cancelTicket)).toEqual([]);
    expect(screen.getByText(/^¿Confirma que anula el pasaje\? Le devolveremos S\/ ?45/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sí, anular el pasaje' }));
    expect(await screen.findByRole('heading', { level: 2, name: /^Anulamos el pasaje/ })).toHaveFocus();
    expect(calls.to(endpoints.cancelTicket)).toEqual([{ numero: NUMERO, codigo: RESERVATION_CODE, clave_bloqueo: KEY, destino: 'original' }]);
  });

  it('says before the customer confirms when the payment\'s rail cannot refund by itself (issue 46), and not when it can', async () => {
    stubEndpointCalls(answer(endpoints.ticketChanges, changes({ reembolso_por_api: false })));
    const user = userEvent.setup();
    renderAt(`/pasajes/cambios/${NUMERO}`, <ChangesPage store={new ChangesStore(NUMERO)} />);
    await user.click(await screen.findByRole('button', { name: /^Anular y devolver/ }));
    expect(screen.getByTestId('refund-manual')).toHaveTextContent(/no permite devolver el dinero automáticamente.*transferencia bancaria.*saldo a favor/);
    expect(screen.getByRole('button', { name: 'Sí, anular el pasaje' })).toBeInTheDocument();
  });

  it('shows no such note when the rail refunds by itself', async () => {
    stubEndpointCalls(answer(endpoints.ticketChanges, changes({ reembolso_por_api: true })));
    const user = userEvent.setup();
    renderAt(`/pasajes/cambios/${NUMERO}`, <ChangesPage store={new ChangesStore(NUMERO)} />);
    await user.click(await screen.findByRole('button', { name: /^Anular y devolver/ }));
    expect(screen.queryByTestId('refund-manual')).not.toBeInTheDocument();
  });

  it('checks the new passenger on the form, in English too, and says when the limits have passed', async () => {
    const calls = stubEndpointCalls(answer(endpoints.ticketChanges, changes({ anulable: false })));
    const user = userEvent.setup();
    renderAt(`/pasajes/cambios/${NUMERO}`, <ChangesPage store={new ChangesStore(NUMERO)} />);
    expect(await screen.findByText(/^Ya no se puede anular: el plazo venció/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Transferir el pasaje' }));
    expect(calls.to(endpoints.transferTicket)).toEqual([]);
    expect(screen.getByLabelText(/^Nombres/)).toHaveAccessibleDescription(expect.stringContaining('Digite los nombres'));
    await act(() => i18n.changeLanguage('en-EN'));
    expect(screen.getByText('Enter the given names')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Transfer to another passenger' })).toBeInTheDocument();
    expect(screen.getByText(/^It can no longer be cancelled/)).toBeInTheDocument();
  });
});
