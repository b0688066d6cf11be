import { endpoints } from '@rumbo/shared/contract';
import { i18n } from '@rumbo/shared';
import { answer, stubEndpointCalls } from '@rumbo/shared/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { rememberPurchase } from '../reservation';
import { RecoveryPage } from '../recovery/recovery.page';
import { RecoveryStore } from '../recovery/recovery.store';
import { ReservationPage } from '../reservation/reservation.page';
import { RESERVATION_CODE, postponableTicket, reservationView, ticket } from '../testing/fixtures';
import { renderAt, setUpBooking } from '../testing/render';
import { DeclarationPage } from './declaration.page';
import { DeclarationStore } from './declaration.store';
import { PostponePage } from './postpone.page';
import { PostponeStore } from './postpone.store';

const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
const NUMERO = `${RESERVATION_CODE}-1`;

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
  await act(() => i18n.changeLanguage('es-PE'));
});

describe('after-sale pages', () => {
  it('recovery: labelled fields, the browser’s messages on them, and the language switch changes every text', async () => {
    stubEndpointCalls();
    const user = userEvent.setup();
    renderAt('/pasajes/recuperar', <RecoveryPage store={new RecoveryStore({}, { navigate: jest.fn() })} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Recupera tu compra' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Código de pago/ }), 'X1');
    await user.click(screen.getByRole('button', { name: 'Buscar mi compra' }));
    expect(await screen.findByText('El código de pago debe tener 8 caracteres')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Código de pago/ })).toHaveFocus();
    expect(screen.getByText('Digite un correo electrónico válido')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('en-EN'));
    expect(screen.getByRole('heading', { level: 1, name: 'Recover your purchase' })).toBeInTheDocument();
    expect(screen.getByText('The payment code must have 8 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Find my purchase' })).toBeInTheDocument();
  });

  it('reservation page: each valid ticket links to its postponement and declaration; a postponed one says it is void', async () => {
    rememberPurchase(RESERVATION_CODE, KEY);
    stubEndpointCalls(
      answer(
        endpoints.reservation,
        reservationView({
          estado: 'pagada',
          boletos: [ticket({ numero: NUMERO, declaracion: '2026-11-22T15:00:00.000Z' }), ticket({ numero: `${RESERVATION_CODE}-2`, estado: 'postergado', postergado_a: 'WXYZ6789-1' })],
        }),
      ),
    );
    renderAt(
      `/pasajes/reserva/${RESERVATION_CODE}`,
      <Routes>
        <Route path="/pasajes/reserva/:codigo" element={<ReservationPage />} />
      </Routes>,
    );
    const [valid, postponed] = await screen.findAllByTestId('ticket');
    expect(within(valid!).getByRole('link', { name: `Postergar el pasaje ${NUMERO}` })).toHaveAttribute('href', `/pasajes/postergar/${NUMERO}`);
    expect(within(valid!).getByRole('link', { name: `Ver la declaración jurada del pasaje ${NUMERO}` })).toHaveAttribute('href', `/pasajes/declaracion/${NUMERO}`);
    expect(within(valid!).getByTestId('ticket-declaration')).toHaveTextContent('Declaración jurada registrada');
    expect(within(postponed!).getByTestId('ticket-state')).toHaveTextContent('Postergado, sin efecto');
    expect(within(postponed!).getByText('WXYZ6789-1')).toBeInTheDocument();
    expect(within(postponed!).queryByRole('link')).toBeNull();
    expect(within(postponed!).queryByRole('img')).toBeNull();
  });

  it('reservation page: a code not in this browser links to the recovery with the code', async () => {
    stubEndpointCalls();
    renderAt(
      `/pasajes/reserva/${RESERVATION_CODE}`,
      <Routes>
        <Route path="/pasajes/reserva/:codigo" element={<ReservationPage />} />
      </Routes>,
    );
    expect(await screen.findByRole('link', { name: 'Recuperar su compra con el código y el correo' })).toHaveAttribute(
      'href',
      `/pasajes/recuperar?codigo=${RESERVATION_CODE}`,
    );
  });

  it('postponement: a ticket too close to departure says why and offers no new day', async () => {
    rememberPurchase(RESERVATION_CODE, KEY);
    stubEndpointCalls(answer(endpoints.postponableTicket, postponableTicket({ postergable: false, motivo: 'postpone.tooLate' })));
    renderAt(`/pasajes/postergar/${NUMERO}`, <PostponePage store={new PostponeStore(NUMERO, { releaseSeat: jest.fn() })} />);
    expect(await screen.findByTestId('postpone-refusal')).toHaveTextContent('Ya no se puede postergar: la postergación se permite hasta 24 horas antes de la salida');
    expect(screen.getByRole('link', { name: 'Política de postergación' })).toHaveAttribute('href', '/informacion/politica-postergacion');
    expect(screen.queryByRole('button', { name: 'Ver viajes' })).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: `Pasaje ${NUMERO}` })).toBeInTheDocument();
  });

  it('postponement and declaration without a session or the purchase key: sign in or recover', async () => {
    stubEndpointCalls();
    renderAt(`/pasajes/postergar/${NUMERO}`, <PostponePage store={new PostponeStore(NUMERO, { signedIn: () => false, releaseSeat: jest.fn() })} />);
    expect(await screen.findByRole('link', { name: 'Recuperar mi compra con el código y el correo' })).toHaveAttribute(
      'href',
      `/pasajes/recuperar?codigo=${RESERVATION_CODE}`,
    );
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', `/login?pathname=/pasajes/postergar/${NUMERO}`);
  });

  it('declaration: every statement is a labelled checkbox; missing ones are said on them', async () => {
    rememberPurchase(RESERVATION_CODE, KEY);
    const calls = stubEndpointCalls(
      answer(endpoints.declarationTicket, { boleto: ticket({ numero: NUMERO }), declaracion: null, abierta: true, motivo: null }),
    );
    const user = userEvent.setup();
    renderAt(`/pasajes/declaracion/${NUMERO}`, <DeclarationPage store={new DeclarationStore(NUMERO)} />);
    const fit = await screen.findByRole('checkbox', { name: /^Declaro que estoy apto para viajar/ });
    await user.type(screen.getByLabelText(/^Nombre del contacto de emergencia/), 'Juan Quispe');
    await user.type(screen.getByLabelText(/^Teléfono del contacto de emergencia/), '987654321');
    await user.click(screen.getByRole('button', { name: 'Registrar la declaración jurada' }));
    expect(await screen.findByText('Debe declarar que no lleva objetos prohibidos ni peligrosos')).toBeInTheDocument();
    expect(fit).toHaveAccessibleDescription('Debe declarar que está apto para viajar');
    expect(screen.getByRole('checkbox', { name: /^Declaro que no llevo armas/ })).toHaveFocus();
    expect(calls.to(endpoints.declaration)).toEqual([]);
  });
});
