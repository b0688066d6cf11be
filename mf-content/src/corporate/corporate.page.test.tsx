import { registerTexts } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import { answer, json, renderWithUi, setUpShared, stubEndpoints, stubRest } from '@rumbo/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contentPackageTexts } from '../locales';
import CorporatePage from './corporate.page';

beforeAll(async () => {
  await setUpShared('es-PE');
  await registerTexts(contentPackageTexts);
});

test('a complete RUC fills the business name from the look-up, and the request is sent', async () => {
  const requests = stubEndpoints(
    answer(endpoints.company, { ruc: '20601234506', razon_social: 'Minera Cordillera Blanca S.A.C.', direccion: null }),
    answer(endpoints.companyRequest, (_request, body) => ({ id: 7, ruc: String(body.ruc), razon_social: String(body.razon_social) })),
  );
  renderWithUi(<CorporatePage />);
  await userEvent.type(screen.getByLabelText('RUC'), '20601234506');
  expect(await screen.findByDisplayValue('Minera Cordillera Blanca S.A.C.')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Persona de contacto'), 'Patricia Medina');
  await userEvent.type(screen.getByLabelText('Email de contacto'), 'compras@cordillera.example.pe');
  await userEvent.type(screen.getByLabelText('Teléfono'), '987654321');
  await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
  expect(await screen.findByTestId('company-sent')).toHaveTextContent('Recibimos la solicitud N.° 7 de Minera Cordillera Blanca S.A.C.');
  const sent = requests.find((r) => r.url.endsWith('/rest/juridica/registrar'))!;
  expect(await sent.json()).toMatchObject({ ruc: '20601234506', contacto: 'Patricia Medina', mensaje: '' });
});

test('checks the RUC digit and the required fields in the browser, focusing the first error', async () => {
  const requests = stubRest(() => json(404, { code: 'company.ruc.notFound', message: 'x' }));
  renderWithUi(<CorporatePage />);
  await userEvent.type(screen.getByLabelText('RUC'), '20601234507');
  await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
  const ruc = screen.getByLabelText('RUC');
  expect(ruc).toHaveAccessibleDescription(expect.stringContaining('El RUC no es válido'));
  expect(ruc).toHaveFocus();
  expect(screen.getByLabelText('Razón social')).toHaveAccessibleDescription('Ingrese la razón social');
  expect(requests).toHaveLength(0);
});
