import { i18n, session } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import type { AccountPoints, AccountProfile, AccountTrip, AccountTrips, PointsRules } from '@rumbo/shared/schemas';
import { answer as answerOf, renderWithUi, stubEndpoints } from '@rumbo/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { MyAccountPage } from './my-account.page';
import { CLIENTE } from './testing/fixtures';
import { setUpAccountPages } from './testing/setup';

const PROFILE: AccountProfile = { ...CLIENTE, correo_cc: null, correo_cc_confirmado: false };

const POINTS: AccountPoints = {
  saldo: 50,
  retenidos: 0,
  disponibles: 50,
  movimientos: [
    { id: 2, fecha: '2026-10-01T15:00:00Z', puntos: -100, concepto: 'canje', detalle: 'Lima → Trujillo', saldo: 50 },
    { id: 1, fecha: '2026-09-01T15:00:00Z', puntos: 150, concepto: 'viaje', detalle: 'Lima → Cusco', saldo: 150 },
  ],
};

const RULES: PointsRules = {
  puntos_por_sol: 1,
  centimos_por_punto: 10,
  minimo_canje: 100,
  maximo_pct: 100,
  vigencia_meses: null,
  titulo: 'Programa de puntos',
  html: '<p>Gane 1 punto por cada sol pagado.</p><ul><li>Canje desde 100 puntos</li></ul>',
};

const trip = (numero: string, overrides: Partial<AccountTrip> = {}): AccountTrip => ({
  codigo: numero,
  numero,
  origen: 'Lima',
  destino: 'Arequipa',
  salida: '2026-12-10T01:30:00Z',
  asiento: '5',
  pdf: `http://api.test/rest/venta/pdf/${numero}`,
  estado: 'emitido',
  declaracion: null,
  comprobante_pdf: `http://api.test/rest/venta/comprobante/pdf/${numero}`,
  comprobante_xml: `http://api.test/rest/venta/comprobante/xml/${numero}`,
  ...overrides,
});

function answer(answers: { trips?: AccountTrips; points?: AccountPoints; profile?: AccountProfile } = {}) {
  return stubEndpoints(
    answerOf(endpoints.pointsRulesSlash, RULES),
    answerOf(endpoints.profile, answers.profile ?? PROFILE),
    answerOf(endpoints.logout, undefined),
    answerOf(endpoints.logoutEverywhere, undefined),
    answerOf(endpoints.userData, (_request, body) => ({ ...PROFILE, ...body, tipo_doc: Number(body.tipo_doc) })),
    answerOf(endpoints.myTrips, answers.trips ?? { proximos: [], pasados: [] }),
    answerOf(endpoints.points, answers.points ?? POINTS),
    answerOf(endpoints.credit, {
      disponible_centimos: 4050,
      movimientos: [
        { fecha: '2026-11-10T15:00:00Z', monto_centimos: -1000, concepto: 'canje' as const, origen: 'ABCD2345-1', vence: '2027-11-01T15:00:00Z' },
        { fecha: '2026-11-01T15:00:00Z', monto_centimos: 5050, concepto: 'emision' as const, origen: 'ABCD2345-1', vence: '2027-11-01T15:00:00Z' },
      ],
    }),
  );
}

const renderAt = (path: string) =>
  renderWithUi(
    <MemoryRouter initialEntries={[path]}>
      <MyAccountPage />
    </MemoryRouter>,
  );

setUpAccountPages();

describe('Mi cuenta', () => {
  it('sends a signed-out visitor to /login?pathname=/micuenta', async () => {
    answer();
    window.history.pushState(null, '', '/micuenta');
    renderAt('/micuenta');
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/login?pathname=/micuenta'));
  });

  describe('signed in', () => {
    beforeEach(() => {
      session.signIn('h.e30.s', { id: '7', documentType: '19', documentNumber: '45678912', name: 'rosa maría', firstLastName: 'Quispe', secondLastName: 'Mamani', gender: 'F', email: 'rosa@example.pe', phone: '987654321', birthDate: '1990-05-17' });
      window.history.pushState(null, '', '/micuenta');
    });

    it('shows the profile and saves it with /rest/user/editar; the header name follows', async () => {
      const requests = answer();
      renderAt('/micuenta');
      const names = await screen.findByLabelText(/^Nombres/);
      expect(names).toHaveValue('rosa maría');
      expect(screen.getByText('rosa@example.pe')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Mi perfil' })).toHaveAttribute('aria-current', 'page');

      await userEvent.clear(names);
      await userEvent.type(names, 'Rocío');
      await userEvent.type(screen.getByLabelText(/^Email en copia/), 'copia@example.pe');
      await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      expect(await screen.findByText('Sus datos se guardaron.')).toBeInTheDocument();
      const saved = requests.find((request) => request.url.endsWith('/rest/user/editar'))!;
      expect(await saved.json()).toMatchObject({ nombres: 'Rocío', correo_cc: 'copia@example.pe', num_doc: '45678912' });
      expect(session.firstName).toBe('Rocío');
    });

    it('refuses an invalid profile on its field before sending', async () => {
      const requests = answer();
      renderAt('/micuenta');
      const phone = await screen.findByLabelText(/^Celular/);
      await userEvent.clear(phone);
      await userEvent.type(phone, '98 76');
      await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      expect(await screen.findByText('El campo teléfono es numérico')).toBeInTheDocument();
      expect(requests.some((request) => request.url.endsWith('/rest/user/editar'))).toBe(false);
    });

    it('my trips: the empty states of a customer with no tickets', async () => {
      answer();
      renderAt('/micuenta/viajes');
      expect(await screen.findByText('No tiene viajes próximos.')).toBeInTheDocument();
      expect(screen.getByText('Aún no tiene viajes anteriores.')).toBeInTheDocument();
    });

    it('mi saldo: the travel credit available, what was issued (until when) and spent (issue 35)', async () => {
      answer();
      renderAt('/micuenta/saldo');
      expect(await screen.findByTestId('credit-balance')).toHaveTextContent(/S\/\s?40\.50/);
      expect(screen.getByRole('link', { name: 'Mi saldo' })).toHaveAttribute('aria-current', 'page');
      const rows = within(screen.getByTestId('credit-movements')).getAllByRole('row');
      expect(rows).toHaveLength(3);
      expect(rows[1]).toHaveTextContent('Usado en una compra');
      expect(rows[1]).toHaveTextContent(/−S\/\s?10\.00/);
      expect(rows[2]).toHaveTextContent('Abono por el pasaje ABCD2345-1');
      expect(rows[2]).toHaveTextContent('2027');
    });

    it('my points: balance and history', async () => {
      answer();
      renderAt('/micuenta/puntos');
      expect(await screen.findByTestId('points-balance')).toHaveTextContent('50 puntos');
      const rows = within(screen.getAllByRole('table')[0]!).getAllByRole('row');
      expect(rows).toHaveLength(3);
      expect(rows[1]).toHaveTextContent('Canje · Lima → Trujillo');
      expect(rows[1]).toHaveTextContent('−100');
      expect(rows[2]).toHaveTextContent('+150');
    });

    it('my trips: an upcoming ticket links to its postponement and declaration; a postponed one says it is void', async () => {
      answer({
        trips: {
          proximos: [trip('ABCD2345-1'), trip('ABCD2345-2', { declaracion: '2026-11-20T15:00:00Z' }), trip('ABCD2345-3', { estado: 'postergado' })],
          pasados: [trip('WXYZ6789-1', { salida: '2026-10-01T12:00:00Z' })],
        },
      });
      renderAt('/micuenta/viajes');
      expect(await screen.findByRole('link', { name: 'Postergar ABCD2345-1' })).toHaveAttribute('href', '/pasajes/postergar/ABCD2345-1');
      expect(screen.getByRole('link', { name: 'Llenar la declaración jurada de ABCD2345-1' })).toHaveAttribute('href', '/pasajes/declaracion/ABCD2345-1');
      expect(screen.getByRole('link', { name: 'Ver la declaración jurada de ABCD2345-2' })).toBeInTheDocument();
      // Issue 34: the purchase's electronic voucher, printed copy and XML.
      expect(screen.getByRole('link', { name: 'Comprobante de ABCD2345-1 (PDF)' })).toHaveAttribute('href', 'http://api.test/rest/venta/comprobante/pdf/ABCD2345-1');
      expect(screen.getByRole('link', { name: 'XML del comprobante de ABCD2345-1' })).toHaveAttribute('href', 'http://api.test/rest/venta/comprobante/xml/ABCD2345-1');
      const postponed = screen.getByRole('row', { name: /ABCD2345-3/ });
      expect(within(postponed).getByText('Postergado, sin efecto')).toBeInTheDocument();
      expect(within(postponed).queryByRole('link', { name: /Postergar/ })).toBeNull();
      // a past trip can be neither postponed nor declared
      expect(screen.queryByRole('link', { name: 'Postergar WXYZ6789-1' })).toBeNull();
    });

    it('my trips: an upcoming ticket links to its calendar and the wallets the API offers (issue 36)', async () => {
      const bolsillo = { calendario: 'http://api.test/rest/venta/calendario/ABCD2345?exp=1&firma=x', apple: null, google: 'https://pay.google.com/gp/v/save/jwt' };
      answer({ trips: { proximos: [trip('ABCD2345-1', { bolsillo }), trip('ABCD2345-2')], pasados: [] } });
      renderAt('/micuenta/viajes');
      expect(await screen.findByRole('link', { name: 'Agregar ABCD2345-1 al calendario' })).toHaveAttribute('href', bolsillo.calendario);
      expect(screen.getByRole('link', { name: 'Agregar ABCD2345-1 a Google Wallet' })).toHaveAttribute('href', bolsillo.google);
      expect(screen.queryByText(/Apple Wallet/)).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Agregar ABCD2345-2 al calendario' })).not.toBeInTheDocument();
    });

    it('my trips: an upcoming ticket folds its boarding QR with where and when to board; a past one has none (issue 36)', async () => {
      const boleto = {
        numero: 'ABCD2345-1', cviaje: 100, tramo: 'ida' as const, origen: 'Lima', destino: 'Arequipa', terminal_origen: 'Terminal Plaza Norte', terminal_destino: 'Terminal Arequipa',
        direccion_origen: 'Av. Túpac Amaru 1234', salida: '2026-12-10T01:30:00Z', embarque: '2026-12-10T01:00:00Z', nasiento: 5, gnivel_piso: 15, precio_centimos: 15000,
        pasajero: { nombres: 'Rosa', paterno: 'Quispe', materno: 'Mamani', ctipo_documento: 19, numero: '****8912', menor: false }, qr: 'RA|ABCD2345-1|sig', comprobante: 'B001-27',
        estado: 'emitido' as const, postergado_a: null, declaracion: null,
      };
      answer({ trips: { proximos: [trip('ABCD2345-1', { boleto }), trip('ABCD2345-2')], pasados: [trip('WXYZ6789-1', { boleto })] } });
      renderAt('/micuenta/viajes');
      const pass = await screen.findByTestId('boarding-pass');
      expect(screen.getAllByTestId('boarding-pass')).toHaveLength(1);
      await userEvent.click(within(pass).getByText('Pasaje para embarcar ABCD2345-1'));
      expect(await within(pass).findByRole('img', { name: 'Código QR del pasaje ABCD2345-1, para el embarque' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
      expect(pass).toHaveTextContent('Rosa Quispe Mamani');
      expect(pass).toHaveTextContent('Terminal Plaza Norte, Av. Túpac Amaru 1234 (Lima)');
      expect(within(pass).getByTestId('boarding-time')).toHaveTextContent(/\d{1,2}:\d{2}/);
      expect(pass).toHaveTextContent('5, piso 1');
      expect(pass).toHaveTextContent('B001-27');
    });

    it('my points: points held by a pending purchase, what is available, and the rules', async () => {
      answer({ points: { ...POINTS, saldo: 300, retenidos: 120, disponibles: 180 } });
      renderAt('/micuenta/puntos');
      expect(await screen.findByTestId('points-balance')).toHaveTextContent('300 puntos');
      expect(screen.getByTestId('points-available')).toHaveTextContent('180 puntos');
      expect(screen.getByTestId('points-held')).toHaveTextContent('120 puntos');
      expect(screen.getByText(/vuelven a su saldo disponible/)).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Programa de puntos' })).toBeInTheDocument();
      expect(screen.getByText('Canje desde 100 puntos')).toBeInTheDocument();
    });

    it('log out ends the session on the server, clears it here and goes home', async () => {
      const requests = answer();
      renderAt('/micuenta/viajes');
      await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
      await waitFor(() => expect(session.isSignedIn).toBe(false));
      expect(localStorage.getItem('auth_storage')).toBeNull();
      expect(window.location.pathname).toBe('/');
      const logout = requests.find((request) => new URL(request.url).pathname === '/rest/user/logout');
      expect(logout?.headers.get('Authorization')).toBe('Bearer h.e30.s');
    });

    it('log out of every device ends every session of the account on the server (issue 15)', async () => {
      const requests = answer();
      renderAt('/micuenta');
      await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }));
      await waitFor(() => expect(session.isSignedIn).toBe(false));
      expect(requests.some((request) => new URL(request.url).pathname === '/rest/user/logout/todas')).toBe(true);
      expect(window.location.pathname).toBe('/');
    });

    it('says a CC address waits for its proof, in both languages (issue 15)', async () => {
      answer({ profile: { ...PROFILE, correo_cc: 'copia@example.pe', correo_cc_confirmado: false } });
      renderAt('/micuenta');
      expect(await screen.findByText('Pendiente de confirmación: abra el enlace que enviamos a copia@example.pe.')).toBeInTheDocument();
      await act(() => i18n.changeLanguage('en-EN'));
      expect(await screen.findByText('Waiting for confirmation: open the link we sent to copia@example.pe.')).toBeInTheDocument();
    });
  });
});
