import { i18n, registerTexts } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import { answer, json, renderWithUi, setUpShared, stubEndpoint, stubEndpoints, stubRest } from '@rumbo/shared/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountPackageTexts } from './locales';
import { SignUpPage } from './sign-up.page';
import { SignUpStore } from './sign-up.store';

beforeAll(async () => {
  await setUpShared('es-PE');
  await registerTexts(accountPackageTexts);
});

beforeEach(async () => {
  await act(() => i18n.changeLanguage('es-PE'));
  window.history.pushState(null, '', '/cuenta/registro');
});

const field = (label: RegExp) => screen.getByLabelText(label);

describe('the sign-up page', () => {
  it('signs up with the shared checks and says where the confirmation link went', async () => {
    const requests = stubEndpoints(
      answer(endpoints.signUp, { enviado: true }),
      answer(endpoints.accountLookup, { existe: false, metodos: [] }),
      answer(endpoints.documentCheck, { disponible: true }),
    );
    const store = new SignUpStore();
    renderWithUi(<SignUpPage store={store} />);
    await userEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    expect(await screen.findByRole('heading', { name: 'Revise estos datos' })).toBeInTheDocument();
    expect(screen.getAllByText('Debe aceptar los términos y condiciones').length).toBeGreaterThan(0);
    expect(requests.filter((r) => r.url.endsWith('/rest/usuario/registrar'))).toHaveLength(0);

    fireEvent.change(field(/^Número de documento/), { target: { value: '45678912' } });
    fireEvent.change(field(/^Nombres/), { target: { value: 'Lucía' } });
    fireEvent.change(field(/^Apellido paterno/), { target: { value: 'Condori' } });
    fireEvent.change(field(/^Apellido materno/), { target: { value: 'Vargas' } });
    fireEvent.change(field(/^Género/), { target: { value: 'F' } });
    fireEvent.change(field(/^Fecha de nacimiento/), { target: { value: '1992-03-14' } });
    fireEvent.change(field(/^Celular/), { target: { value: '956123478' } });
    fireEvent.change(field(/^Email/), { target: { value: 'lucia@example.pe' } });
    fireEvent.change(field(/^Contraseña/), { target: { value: 'Titicaca2026' } });
    // jsdom has no PointerEvent for Ark's checkbox: a plain click on its input.
    fireEvent.click(screen.getByRole('checkbox'));
    // Ark reports the change after the click's event turn.
    await waitFor(() => expect(store.form.values.terminos).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Revise su correo' })).toBeInTheDocument();
    expect(screen.getByText(/lucia@example\.pe/)).toBeInTheDocument();
    const sent = requests.find((r) => r.url.endsWith('/rest/usuario/registrar'))!;
    expect(await sent.json()).toMatchObject({ tipo_doc: '19', num_doc: '45678912', correo: 'lucia@example.pe', terminos: true });
  });

  it('confirms the address from the mailed link', async () => {
    window.history.pushState(null, '', '/cuenta/registro?confirmar=abc');
    stubEndpoint(endpoints.confirmEmail, { correo: 'lucia@example.pe' });
    renderWithUi(<SignUpPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Email confirmado' })).toBeInTheDocument();
  });

  it('proves a CC address from the link mailed to it (issue 15)', async () => {
    window.history.pushState(null, '', '/cuenta/registro?confirmar_cc=abc');
    const requests = stubEndpoint(endpoints.confirmCcEmail, { correo_cc: 'copia@example.pe' });
    renderWithUi(<SignUpPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Email en copia confirmado' })).toBeInTheDocument();
    expect(screen.getByText('Desde ahora copia@example.pe recibirá una copia de los avisos de la cuenta.')).toBeInTheDocument();
    expect(await requests[0]!.json()).toEqual({ token: 'abc' });
  });

  it('says when the CC link is used or expired', async () => {
    window.history.pushState(null, '', '/cuenta/registro?confirmar_cc=old');
    stubRest(() => json(400, { message: 'El enlace no es válido', code: 'account.link.invalid', field: 'token' }));
    renderWithUi(<SignUpPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'No pudimos confirmar el email en copia' })).toBeInTheDocument();
  });

  it('says when the link is used or expired', async () => {
    window.history.pushState(null, '', '/cuenta/registro?confirmar=old');
    stubRest(() => json(400, { message: 'El enlace no es válido', code: 'account.link.invalid', field: 'token' }));
    renderWithUi(<SignUpPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'No pudimos confirmar su email' })).toBeInTheDocument();
    expect(screen.getByText('El enlace no es válido, ya se usó o venció. Solicite uno nuevo.')).toBeInTheDocument();
  });
});
