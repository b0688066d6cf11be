import { registerTexts } from '@rumbo/shared';
import { json, renderWithUi, setUpShared, stubRest } from '@rumbo/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Agency } from '../content.resource';
import { contentPackageTexts } from '../locales';
import AgenciesPage from './agencies.page';

// Leaflet needs a real layout engine; the map's own behaviour is checked in the e2e journey.
jest.mock('./agency-map', () => ({
  __esModule: true,
  default: ({ agencies }: { agencies: Agency[] }) => <div data-testid="agency-map">{agencies.length} markers</div>,
}));

const agency = (over: Partial<Agency>): Agency => ({
  cagencia: 41, cciudad: 4, ciudad: 'Lima', codigo: 'LIM', slug: 'lima', cterminal: 41, nombre: 'Terminal Javier Prado',
  direccion: 'Av. Javier Prado Este 1155', latitud: -12.08, longitud: -77.01, telefono: '(01) 708-5041',
  horario: { dias: 'todos', abre: '05:00', cierra: '23:00' }, servicios: { pasajes: true, carga: true }, ...over,
});
const AGENCIES = [
  agency({}),
  agency({ cagencia: 1001, cterminal: null, nombre: 'Agencia Miraflores', horario: { dias: 'lun-sab', abre: '09:00', cierra: '20:00' }, servicios: { pasajes: true, carga: false } }),
  agency({ cagencia: 11, cciudad: 1, ciudad: 'Arequipa', codigo: 'AQP', slug: 'arequipa', cterminal: 11, nombre: 'Terminal Arequipa' }),
];

beforeAll(async () => {
  await setUpShared('es-PE');
  await registerTexts(contentPackageTexts);
});

const renderPage = (path = '/oficina') =>
  renderWithUi(
    <MemoryRouter initialEntries={[path]}>
      <AgenciesPage />
    </MemoryRouter>,
  );

test('lists every agency with hours, phone, services and a way to get there', async () => {
  stubRest(() => json(200, { data: AGENCIES }));
  renderPage();
  expect(await screen.findByText('3 agencias')).toBeInTheDocument();
  const card = screen.getByRole('article', { name: 'Agencia Miraflores' });
  expect(card).toHaveTextContent('Lunes a sábado, de 09:00 a 20:00');
  expect(within(card).getByRole('link', { name: '(01) 708-5041' })).toHaveAttribute('href', 'tel:017085041');
  expect(within(card).getByRole('link', { name: /Cómo llegar a Agencia Miraflores/ })).toHaveAttribute('href', expect.stringContaining('openstreetmap.org/directions?to=-12.08'));
  expect(card).toHaveTextContent('Pasajes');
  expect(card).not.toHaveTextContent('Carga y encomiendas');
});

test('filters by city and by service; the map gets the same agencies', async () => {
  stubRest(() => json(200, { data: AGENCIES }));
  renderPage();
  await screen.findByText('3 agencias');
  await userEvent.selectOptions(screen.getByLabelText('Ciudad'), 'AQP');
  expect(screen.getByText('1 agencia')).toBeInTheDocument();
  expect(screen.getByRole('article', { name: 'Terminal Arequipa' })).toBeInTheDocument();
  expect(await screen.findByTestId('agency-map')).toHaveTextContent('1 markers');
  await userEvent.selectOptions(screen.getByLabelText('Ciudad'), 'LIM');
  await userEvent.selectOptions(screen.getByLabelText('Servicio'), 'carga');
  expect(screen.getByText('1 agencia')).toBeInTheDocument();
  expect(screen.getByRole('article', { name: 'Terminal Javier Prado' })).toBeInTheDocument();
});

test('?ciudad= in the address preselects the city', async () => {
  stubRest(() => json(200, { data: AGENCIES }));
  renderPage('/oficina?ciudad=aqp');
  expect(await screen.findByText('1 agencia')).toBeInTheDocument();
  expect(screen.getByLabelText('Ciudad')).toHaveValue('AQP');
});
