import { configure, getConfig, i18n, RouteDataProvider, session } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import { answer, json, renderWithUi, stubEndpoints, stubRest } from '@rumbo/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage, type LoginData } from './login.page';
import { CLIENTE } from './testing/fixtures';
import { setUpAccountPages } from './testing/setup';

/** A session token whose `exp` is in an hour. */
const exp = Math.floor(Date.now() / 1000) + 3600;
const TOKEN = `h.${btoa(JSON.stringify({ sub: '7', exp })).replace(/=+$/, '')}.s`;

setUpAccountPages();

beforeEach(() => window.history.pushState(null, '', '/login?pathname=/micuenta/puntos'));

describe('the sign-in page', () => {
  it('signs in with e-mail and password: the session holds the customer at once and the page returns to pathname', async () => {
    const requests = stubEndpoints(
      answer(endpoints.passwordSignIn, { token: TOKEN, cliente: CLIENTE }),
      answer(endpoints.accountLookup, { existe: true, metodos: ['clave', 'codigo'] }),
    );
    renderWithUi(<LoginPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'rosa@example.pe');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Andes2026');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));

    await waitFor(() => expect(window.location.pathname).toBe('/micuenta/puntos'));
    expect(session.firstName).toBe('Rosa');
    expect(session.token).toBe(TOKEN);
    expect(session.session?.expiresAt).toBe(exp * 1000);
    const signIn = requests.find((request) => request.url.endsWith('/rest/login/verificar'))!;
    expect(await signIn.json()).toEqual({ correo: 'rosa@example.pe', clave: 'Andes2026' });
  });

  it('shows the checks on their fields, linked to them, without calling the API', async () => {
    const requests = stubRest(() => json(500, {}));
    renderWithUi(<LoginPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    // The summary above the form links to each field; each field carries its own message.
    expect(await screen.findByRole('link', { name: 'Complete su email' })).toHaveAttribute('href', '#login-correo');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Complete su email');
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription('Digite su contraseña');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(requests).toHaveLength(0);
  });

  it('offers no Google or Facebook button without their ids in the runtime config', () => {
    stubRest(() => json(404, {}));
    renderWithUi(<LoginPage />);
    expect(screen.queryByText('o ingrese con')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continuar con Facebook' })).not.toBeInTheDocument();
  });

  it('shows the buttons of the runtime config, not those its HTML was rendered for, once it is not hydrating', () => {
    stubRest(() => json(404, {}));
    const config = getConfig();
    configure({ ...config, facebookAppId: '700' });
    try {
      renderWithUi(
        <RouteDataProvider value={{ signInProviders: ['google'] } satisfies LoginData}>
          <LoginPage />
        </RouteDataProvider>,
      );
      expect(screen.getByRole('button', { name: 'Continuar con Facebook' })).toBeInTheDocument();
      expect(screen.queryByText('Cargando el acceso con Google…')).not.toBeInTheDocument();
    } finally {
      configure(config);
    }
  });

  it('speaks English', async () => {
    stubRest(() => json(400, { message: 'The email or the password is not correct', code: 'account.login.invalid', field: 'clave' }));
    await act(() => i18n.changeLanguage('en-EN'));
    renderWithUi(<LoginPage />);
    await userEvent.type(screen.getByLabelText('Email'), 'rosa@example.pe');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email or the password is not correct')).toBeInTheDocument();
    expect(session.isSignedIn).toBe(false);
  });
});
