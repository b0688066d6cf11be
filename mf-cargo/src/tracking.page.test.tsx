import { i18n, registerTexts } from '@rumbo/shared';
import { json, renderWithUi, setUpShared, stubRest } from '@rumbo/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import type { Tracking } from './cargo.resource';
import { cargoPackageTexts } from './locales';
import { TrackingPage } from './tracking.page';

const IN_TRANSIT: Tracking = {
  codigo: 'RA00012346',
  estado: 'en_transito',
  origen: { cagencia: 1002, nombre: 'Agencia Cercado de Lima', ciudad: 'Lima' },
  destino: { cagencia: 21, nombre: 'Terminal Cusco', ciudad: 'Cusco' },
  remitente: 'C***** A****** R**** V***',
  destinatario: 'A** L**** H****** T****',
  paquetes: 1,
  peso_kg: 4.2,
  registrado: '2026-11-20T14:00:00.000Z',
  eventos: [
    { estado: 'recibido', fecha: '2026-11-20T14:00:00.000Z', agencia: { cagencia: 1002, nombre: 'Agencia Cercado de Lima', ciudad: 'Lima' } },
    { estado: 'en_transito', fecha: '2026-11-20T18:00:00.000Z', agencia: { cagencia: 41, nombre: 'Terminal Javier Prado', ciudad: 'Lima' } },
  ],
};

beforeAll(async () => {
  await setUpShared('es-PE');
  await registerTexts(cargoPackageTexts);
});

const renderPage = (path = '/cargo/seguimiento') =>
  renderWithUi(
    <MemoryRouter initialEntries={[path]}>
      <TrackingPage />
    </MemoryRouter>,
  );

test('a found shipment shows its masked names and a timeline with done and pending steps', async () => {
  const requests = stubRest(() => json(200, { data: IN_TRANSIT }));
  renderPage();
  await userEvent.type(screen.getByLabelText('Código de seguimiento'), 'ra0001-2346');
  await userEvent.click(screen.getByRole('button', { name: 'Buscar envío' }));
  expect(await screen.findByRole('heading', { name: 'Envío RA00012346' })).toBeInTheDocument();
  expect(await requests[0]!.json()).toEqual({ codigo: 'RA00012346', documento: '' });
  expect(screen.getByTestId('tracking-status')).toHaveTextContent('En tránsito');
  expect(screen.getByText('C***** A****** R**** V***')).toBeInTheDocument();
  const steps = within(screen.getByRole('list', { name: 'Historial del envío' })).getAllByRole('listitem');
  expect(steps.map((step) => step.dataset.state)).toEqual(['done', 'done', 'pending', 'pending', 'pending']);
  expect(steps[1]).toHaveAttribute('aria-current', 'step');
  expect(steps[1]).toHaveTextContent('Terminal Javier Prado (Lima)');
});

test('a shipment found by its code is an address (?codigo=), so the page loaded again (a language switch) shows it, asked once', async () => {
  const requests = stubRest(() => json(200, { data: IN_TRANSIT }));
  let address = '';
  function Address() {
    const location = useLocation();
    address = location.pathname + location.search;
    return null;
  }
  renderWithUi(
    <MemoryRouter initialEntries={['/cargo/seguimiento']}>
      <TrackingPage />
      <Address />
    </MemoryRouter>,
  );
  await userEvent.type(screen.getByLabelText('Código de seguimiento'), 'ra0001-2346');
  await userEvent.click(screen.getByRole('button', { name: 'Buscar envío' }));
  expect(await screen.findByRole('heading', { name: 'Envío RA00012346' })).toBeInTheDocument();
  await waitFor(() => expect(address).toBe('/cargo/seguimiento?codigo=RA00012346'));
  expect(screen.getByRole('heading', { name: 'Envío RA00012346' })).toBeInTheDocument();
  expect(requests).toHaveLength(1);
});

test('a malformed code is refused in the browser, on its field, without calling the API', async () => {
  const requests = stubRest(() => json(200, { data: IN_TRANSIT }));
  renderPage();
  await userEvent.type(screen.getByLabelText('Código de seguimiento'), '123');
  await userEvent.click(screen.getByRole('button', { name: 'Buscar envío' }));
  const field = screen.getByLabelText('Código de seguimiento');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(expect.stringContaining('El código de seguimiento tiene 2 letras y 8 números'));
  expect(field).toHaveFocus();
  expect(requests).toHaveLength(0);
});

test('an unknown code shows the server message on the code field', async () => {
  stubRest(() => json(404, { code: 'cargo.codigo.notFound', message: 'No encontramos un envío con ese código.' }));
  renderPage('/cargo/seguimiento?codigo=RA99999999');
  expect(await screen.findByText(/No encontramos un envío con ese código/)).toBeInTheDocument();
  expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
});

test('a shipment that asks for the document shows the field, and the answer once it is given', async () => {
  const requests = stubRest(async (request) => {
    const body = await request.clone().json();
    return body.documento
      ? json(200, { data: { ...IN_TRANSIT, codigo: 'RA00012347' } })
      : json(400, { code: 'cargo.documento.required', field: 'documento', message: 'Este envío pide el número de documento del destinatario' });
  });
  renderPage('/cargo/seguimiento?codigo=RA00012347');
  const documento = await screen.findByLabelText('Número de documento del destinatario');
  await userEvent.type(documento, '41234567');
  await userEvent.click(screen.getByRole('button', { name: 'Buscar envío' }));
  expect(await screen.findByRole('heading', { name: 'Envío RA00012347' })).toBeInTheDocument();
  expect(requests).toHaveLength(2);
});

test('texts follow the language', async () => {
  stubRest(() => json(200, { data: IN_TRANSIT }));
  await i18n.changeLanguage('en-EN');
  renderPage('/cargo/seguimiento?codigo=RA00012346');
  expect(await screen.findByRole('heading', { name: 'Shipment RA00012346' })).toBeInTheDocument();
  expect(screen.getByTestId('tracking-status')).toHaveTextContent('In transit');
  await act(() => i18n.changeLanguage('es-PE'));
});
