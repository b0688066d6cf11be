import { i18n, registerTexts } from '@rumbo/shared';
import { TEST_CONFIG, renderWithUi, setUpShared } from '@rumbo/shared/testing';
import { act, screen, within } from '@testing-library/react';
import { contentPackageTexts } from '../locales';
import { companyAge } from './company-age';
import HomePage from './home.page';

beforeAll(async () => {
  await setUpShared('es-PE', { ...TEST_CONFIG, foundingYear: 1996 });
  await registerTexts(contentPackageTexts);
});

beforeEach(() => {
  jest.useFakeTimers({ now: new Date(2026, 6, 15, 10, 0) });
});

afterEach(async () => {
  jest.useRealTimers();
  await act(() => i18n.changeLanguage('es-PE'));
});

/**
 * The home page, once its search slot has settled: mf-booking is not deployed in these tests, so
 * the slot offers the link to the purchase instead.
 */
async function renderHome() {
  const view = renderWithUi(<HomePage />);
  await screen.findByTestId('search-fallback');
  return view;
}

test('the company age counts whole calendar years from the founding year', () => {
  expect(companyAge(1996, new Date(2026, 0, 1))).toBe(30);
  expect(companyAge(1996, new Date(2025, 11, 31))).toBe(29);
  expect(companyAge(2030, new Date(2026, 0, 1))).toBe(0);
});

test('the hero is the one h1 and holds the trip search in its slot', async () => {
  const { container } = await renderHome();
  const headings = screen.getAllByRole('heading', { level: 1 });
  expect(headings).toHaveLength(1);
  expect(headings[0]).toHaveTextContent('Viaja seguro a 23 destinos del Perú');
  const slot = container.querySelector('[data-slot="trip-search"]');
  expect(slot).toContainElement(screen.getByRole('heading', { level: 2, name: 'Busca tu pasaje' }));
});

test('shows the four marketing facts with the age computed from the founding year', async () => {
  await renderHome();
  const facts = within(screen.getByTestId('marketing-facts'));
  expect(facts.getAllByRole('listitem')).toHaveLength(4);
  expect(facts.getByRole('heading', { name: 'Cambio de conductor cada 4 horas' })).toBeInTheDocument();
  expect(facts.getByRole('heading', { name: 'Monitoreo GPS 24/7' })).toBeInTheDocument();
  expect(facts.getByRole('heading', { name: '23 destinos' })).toBeInTheDocument();
  expect(facts.getByRole('heading', { name: '30 años creando' })).toBeInTheDocument();
  expect(facts.getByText(/desde 1996/)).toBeInTheDocument();
});

test('shows the three seat classes, each with USB and air conditioning', async () => {
  await renderHome();
  for (const [degrees, name] of [
    [140, 'Económico'],
    [160, 'Especial'],
    [180, 'VIP cama'],
  ] as const) {
    const card = within(screen.getByTestId(`seat-class-${degrees}`));
    expect(card.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    expect(card.getByText(`Reclinación de ${degrees}°`)).toBeInTheDocument();
    expect(card.getByText('Puerto USB para cargar tu celular')).toBeInTheDocument();
    expect(card.getByText('Aire acondicionado')).toBeInTheDocument();
  }
});

test('icons are hidden from assistive technology', async () => {
  const { container } = await renderHome();
  // Chakra's own select chevron is its business; the page's icons are ours.
  const icons = [...container.querySelectorAll('svg')].filter((svg) => !svg.closest('.chakra-native-select__indicator'));
  expect(icons.length).toBeGreaterThan(0);
  for (const icon of icons) expect(icon).toHaveAttribute('aria-hidden', 'true');
});

test('switching to English re-renders every text at once', async () => {
  await renderHome();
  await act(() => i18n.changeLanguage('en-EN'));
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Travel safely to 23 destinations in Peru');
  expect(screen.getByRole('heading', { name: '30 Years Creating' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Driver Change Every 4 Hours' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'VIP bed' })).toBeInTheDocument();
  expect(screen.getAllByText('USB port to charge your phone')).toHaveLength(3);
  expect(screen.queryByText(/años creando/)).not.toBeInTheDocument();
});

test('links to the postponement policy with the site Link', async () => {
  await renderHome();
  expect(screen.getByRole('link', { name: 'Conoce la política de postergación' })).toHaveAttribute(
    'href',
    '/informacion/politica-postergacion',
  );
});
