import { registerTexts, encodeBase64Json, session } from '@rumbo/shared';
import { renderWithUi, setUpShared } from '@rumbo/shared/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shellPackageTexts } from '../locales';
import { Header } from './header';

describe('Header', () => {
  beforeAll(async () => {
    await setUpShared('es-PE');
    await registerTexts(shellPackageTexts);
  });
  afterEach(() => act(() => session.signOut()));

  it('offers Acceder → /login when signed out, and the four sections', () => {
    renderWithUi(<Header pathname="/" />);
    expect(screen.getByRole('link', { name: 'Acceder' })).toHaveAttribute('href', '/login');
    // jsdom is narrower than `lg`: the desktop navigation is rendered but hidden there.
    const nav = document.querySelector<HTMLElement>('header nav')!;
    expect(nav).toHaveAttribute('aria-label', 'Navegación principal');
    expect(within(nav).getAllByRole('link', { hidden: true }).map((link) => link.textContent)).toEqual(['Cargo', 'Seguimiento', 'Promociones', 'Agencias']);
  });

  it('shows the first name, capitalised, → /micuenta, and the account menu when a valid session is stored', async () => {
    localStorage.setItem('auth_storage', encodeBase64Json({ token: 't', customer: { name: 'MARÍA elena' }, expiresAt: Date.now() + 60_000 }));
    act(() => session.load());
    renderWithUi(<Header pathname="/" />);
    expect(screen.getByRole('link', { name: 'María' })).toHaveAttribute('href', '/micuenta');
    // Its code loads with it (only signed-in customers need it).
    expect(await screen.findByRole('button', { name: 'Menú de mi cuenta' })).toBeInTheDocument();
  });

  it('switches language by loading the page again: the choice kept for the server (storage and cookie), and what was typed in the page kept for it', async () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div id="remotes"><div id="remote-mf_complaints"><form><input name="nombres" value="" /><input name="clave" type="password" value="" /></form></div></div>',
    );
    const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    field('nombres').value = 'Rosa';
    field('clave').value = 'secreta';
    // jsdom does not navigate: it says so, and nothing else happens.
    const notImplemented = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithUi(<Header pathname="/" />);
    const select = screen.getByRole('combobox', { name: 'Idioma', hidden: true });
    await userEvent.selectOptions(select, 'en-EN');
    expect(localStorage.getItem('lang-webrumbo')).toBe('en-EN');
    expect(document.cookie).toContain('lang-webrumbo=en-EN');
    // Until the page goes: the language chosen in the select, every text as it was.
    expect(select).toHaveValue('en-EN');
    expect(screen.getByRole('link', { name: 'Acceder' })).toBeInTheDocument();
    expect(notImplemented.mock.calls.map(([error]) => String(error))).toEqual([expect.stringMatching(/navigation/)]);
    // The name, never the password.
    expect(JSON.parse(sessionStorage.getItem('campos_escritos')!).fields).toEqual([{ key: 'remote-mf_complaints|0|nombres|0', value: 'Rosa' }]);
    notImplemented.mockRestore();
    document.getElementById('remotes')!.remove();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('marks the current section for assistive technology', () => {
    renderWithUi(<Header pathname="/cargo" />);
    expect(screen.getByRole('link', { name: 'Cargo', hidden: true })).toHaveAttribute('aria-current', 'page');
  });
});
