import { registerTexts, encodeBase64Json, hydrationUnderway, session } from '@rumbo/shared';
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

  it('switches every text to English from the language selector, and keeps the choice', async () => {
    renderWithUi(<Header pathname="/" />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Idioma', hidden: true }), 'en-EN');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tracking', hidden: true })).toBeInTheDocument();
    expect(localStorage.getItem('lang-webrumbo')).toBe('en-EN');
    await act(async () => {
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language', hidden: true }), 'es-PE');
    });
  });

  it('shows the language chosen at once while the switch waits for a screen still hydrating, then every text in it', async () => {
    renderWithUi(<Header pathname="/" />);
    let hydrated: () => void = () => undefined;
    hydrationUnderway(new Promise<void>((resolve) => (hydrated = resolve)));
    const select = screen.getByRole('combobox', { name: 'Idioma', hidden: true });
    await userEvent.selectOptions(select, 'en-EN');
    expect(select).toHaveValue('en-EN');
    expect(screen.getByRole('link', { name: 'Acceder' })).toBeInTheDocument();
    await act(async () => hydrated());
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language', hidden: true })).toHaveValue('en-EN');
    await act(async () => {
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language', hidden: true }), 'es-PE');
    });
  });

  it('marks the current section for assistive technology', () => {
    renderWithUi(<Header pathname="/cargo" />);
    expect(screen.getByRole('link', { name: 'Cargo', hidden: true })).toHaveAttribute('aria-current', 'page');
  });
});
