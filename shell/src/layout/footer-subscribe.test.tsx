import { json, renderWithUi, setUpShared, stubRest } from '@rumbo/shared/testing';
import { registerTexts } from '@rumbo/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shellPackageTexts } from '../locales';
import { FooterSubscribe } from './footer-subscribe';

beforeAll(async () => {
  await setUpShared('es-PE');
  await registerTexts(shellPackageTexts);
});

test('subscribes an address and says where the confirmation link went', async () => {
  const requests = stubRest(() => json(202, { data: { correo: 'lucia@example.pe', estado: 'pendiente' } }));
  renderWithUi(<FooterSubscribe />);
  await userEvent.type(screen.getByLabelText('Tu email'), 'Lucia@Example.pe');
  await userEvent.click(screen.getByRole('button', { name: 'Suscribirme' }));
  expect(await screen.findByTestId('footer-subscribe-sent')).toHaveTextContent('Te enviamos un correo a lucia@example.pe');
  expect(await requests[0]!.json()).toEqual({ correo: 'Lucia@Example.pe' });
});

test("the API's check shows on the field, in the user's language", async () => {
  stubRest(() => json(400, { code: 'subscription.correo.format', field: 'correo', message: 'El formato del email es inválido' }));
  renderWithUi(<FooterSubscribe />);
  const field = screen.getByLabelText('Tu email');
  await userEvent.type(field, 'x@');
  await userEvent.click(screen.getByRole('button', { name: 'Suscribirme' }));
  expect(await screen.findByText('El formato del email es inválido')).toBeInTheDocument();
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription('El formato del email es inválido');
  expect(field).toHaveFocus();
});
