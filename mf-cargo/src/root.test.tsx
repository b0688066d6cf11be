import { registerTexts } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import type { Agency, City } from '@rumbo/shared/schemas';
import { answer, json, renderWithUi, setUpShared, stubEndpoints, stubRest } from '@rumbo/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cargoPackageTexts } from './locales';
import { Root } from './routes';

beforeAll(async () => {
  await setUpShared('es-PE');
  await registerTexts(cargoPackageTexts);
});

const CITIES: City[] = [
  { cciudad: 4, nombre: 'Lima', codigo: 'LIM', slug: 'lima' },
  { cciudad: 1, nombre: 'Arequipa', codigo: 'AQP', slug: 'arequipa' },
];
const AGENCY: Agency = {
  cagencia: 41, cciudad: 4, ciudad: 'Lima', codigo: 'LIM', slug: 'lima', cterminal: 1, latitud: -12.0874, longitud: -77.0046, nombre: 'Terminal Javier Prado', direccion: 'Av. Javier Prado Este 1155',
  telefono: '(01) 708-5041', horario: { dias: 'todos', abre: '05:00', cierra: '23:00' }, servicios: { pasajes: true, carga: true },
};

/** The remote's screens at `path`, as its browser router (built from its rows) routes them. */
const renderAt = (path: string) => {
  window.history.pushState(null, '', path);
  return renderWithUi(<Root />);
};

test('/cargo explains the service, lists cargo agencies and estimates a price with the API', async () => {
  const requests = stubEndpoints(
    answer(endpoints.cities, CITIES),
    answer(endpoints.agencies, [AGENCY]),
    answer(endpoints.cargoEstimate, { origen: 'LIM', destino: 'AQP', peso: 10, horas: 16, precio: 25.8, moneda: 'PEN' }),
  );
  renderAt('/cargo');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Envía lo que necesites a todo el Perú');
  expect(screen.getByText(/una tarifa fija de S\/ 8/)).toBeInTheDocument();
  expect(await screen.findByText('Terminal Javier Prado')).toBeInTheDocument();
  expect(new URL(requests.find((r) => r.url.includes('punto_venta'))!.url).searchParams.get('carga')).toBe('1');

  await screen.findAllByRole('option', { name: 'Arequipa' });
  await userEvent.selectOptions(screen.getByLabelText('Ciudad de destino'), 'AQP');
  await userEvent.type(screen.getByLabelText('Peso (kg)'), '10');
  await userEvent.click(screen.getByRole('button', { name: 'Calcular precio' }));
  expect(await screen.findByTestId('estimate-result')).toHaveTextContent(/de Lima a Arequipa para 10 kg: S\/\s?25[.,]80/);
  const estimate = requests.find((r) => r.url.endsWith('/rest/carga/cotizar'))!;
  expect(await estimate.json()).toEqual({ origen: 'LIM', destino: 'AQP', peso: '10' });
});

test('/cargo refuses the same origin and destination before calling the API', async () => {
  const requests = stubEndpoints(answer(endpoints.cities, CITIES), answer(endpoints.agencies, []));
  renderAt('/cargo');
  await screen.findAllByRole('option', { name: 'Arequipa' });
  await userEvent.selectOptions(screen.getByLabelText('Ciudad de destino'), 'LIM');
  await userEvent.type(screen.getByLabelText('Peso (kg)'), '3');
  await userEvent.click(screen.getByRole('button', { name: 'Calcular precio' }));
  expect(await screen.findByText('El origen y el destino deben ser distintos')).toBeInTheDocument();
  expect(requests.some((r) => r.url.includes('cotizar'))).toBe(false);
});

test('/carga/clausulas lists the clauses', () => {
  stubRest(() => json(500, {}));
  renderAt('/carga/clausulas');
  expect(screen.getByRole('heading', { level: 1, name: 'Cláusulas del servicio de carga' })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(6);
});

test('an unknown path of this remote shows the not-found message', () => {
  renderAt('/cargo/otra');
  expect(screen.getByRole('heading', { level: 1, name: 'No encontramos esta página' })).toBeInTheDocument();
});
