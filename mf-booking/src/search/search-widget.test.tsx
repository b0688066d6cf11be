import { i18n } from '@rumbo/shared';
import { addDays, limaToday } from '@rumbo/shared/schemas';
import { endpoints } from '@rumbo/shared/contract';
import { stubEndpoint } from '@rumbo/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TERMINALS } from '../testing/fixtures';
import { renderAt, setUpBooking, typeCity } from '../testing/render';
import { SearchWidget } from './search-widget';
import { SearchStore, citiesOf } from './search.store';

// The shared schema reads the real clock: dates are relative to today in Lima.
const today = limaToday();
const day = (n: number) => addDays(today, n);

function api(terminals: typeof TERMINALS | 'fail' = TERMINALS) {
  stubEndpoint(endpoints.terminals, () => {
    if (terminals === 'fail') throw new TypeError('Failed to fetch');
    return terminals;
  });
}

beforeEach(async () => {
  await setUpBooking('es-PE');
  window.history.pushState(null, '', '/');
});

describe('citiesOf', () => {
  it('groups the terminals by city code, cities by name', () => {
    expect(citiesOf(TERMINALS)).toEqual([
      { codigo: 'AQP', ciudad: 'Arequipa', terminales: ['Terrapuerto Arequipa'] },
      { codigo: 'CUZ', ciudad: 'Cusco', terminales: ['Terminal Cusco'] },
      { codigo: 'LIM', ciudad: 'Lima', terminales: ['Terminal Plaza Norte', 'Terminal Javier Prado'] },
    ]);
  });
});

describe('SearchStore', () => {
  it('checks the form with the shared schema and answers step 1 URL', () => {
    const store = new SearchStore();
    expect(store.values.fecha).toBe(today);
    expect(store.submit()).toBeUndefined();
    expect(store.errors.map((error) => [error.field, error.key])).toEqual([
      ['origen', 'trip.origen.required'],
      ['destino', 'trip.destino.required'],
    ]);
    store.set('origen', 'LIM');
    store.set('destino', 'LIM');
    expect(store.submit()).toBeUndefined();
    expect(store.fieldError('destino')?.key).toBe('trip.destino.same');
    store.set('destino', 'AQP');
    store.set('fecha', day(-1));
    expect(store.submit()).toBeUndefined();
    expect(store.fieldError('fecha')?.key).toBe('trip.fecha.past');
    store.set('fecha', day(61));
    expect(store.submit()).toBeUndefined();
    expect(store.fieldError('fecha')?.key).toBe('trip.fecha.far');
    store.set('fecha', day(5));
    store.set('regreso', day(4));
    expect(store.submit()).toBeUndefined();
    expect(store.fieldError('regreso')?.key).toBe('trip.regreso.before');
    store.set('regreso', day(8));
    store.set('pasajeros', '3');
    expect(store.submit()).toBe(`/pasajes?origen=LIM&destino=AQP&fecha=${day(5)}&regreso=${day(8)}&pasajeros=3`);
  });

  it('swaps origin and destination', () => {
    const store = new SearchStore({ origen: 'LIM', destino: 'CUZ' });
    store.swap();
    expect([store.values.origen, store.values.destino]).toEqual(['CUZ', 'LIM']);
  });

  it("refreshes a server-rendered page's terminals without taking the form back to loading, and keeps them when the API fails", async () => {
    let answer: typeof TERMINALS | 'fail' = 'fail';
    const store = new SearchStore({}, { fromServer: () => TERMINALS, fetchTerminals: async () => (answer === 'fail' ? Promise.reject(new TypeError('Failed to fetch')) : answer) });
    const shown = store.terminals;
    const loading = store.load();
    expect(store.terminalsState).toBe('ready');
    await loading;
    expect(store.terminalsState).toBe('ready');
    expect(store.terminals).toBe(shown);
    // The same terminals: the cities are not rebuilt.
    answer = TERMINALS.map((terminal) => ({ ...terminal }));
    await store.load();
    expect(store.terminals).toBe(shown);
    // A terminal opened since the page was rendered.
    answer = [...TERMINALS, { ...TERMINALS[0]!, cterminal: 99, nombre: 'Terminal Atocongo' }];
    await store.load();
    expect(store.terminals).toEqual(answer);
  });
});

/** A city combobox once the terminals have arrived (before, it is drawn disabled). */
const cityCombobox = (name: string) =>
  waitFor(() => {
    const combobox = screen.getByRole('combobox', { name });
    expect(combobox).toBeEnabled();
    return combobox;
  });

describe('SearchWidget', () => {
  it('finds a city by name or terminal, and goes to step 1 with the search', async () => {
    api();
    const user = userEvent.setup();
    renderAt('/', <SearchWidget />);
    const origen = await cityCombobox('Origen');
    await typeCity(user, origen, 'plaza');
    await user.click(await screen.findByRole('option', { name: /Lima \(LIM\)/ }));
    // The box touched became the combobox (city-field.test.tsx): asked for again.
    expect(screen.getByRole('combobox', { name: 'Origen' })).toHaveValue('Lima (LIM)');
    const destino = screen.getByRole('combobox', { name: 'Destino' });
    await typeCity(user, destino, 'areq');
    await user.click(await screen.findByRole('option', { name: /Arequipa \(AQP\)/ }));
    await user.selectOptions(screen.getByLabelText('Pasajeros'), '2');
    const fecha = screen.getByLabelText(/Fecha de ida/);
    expect(fecha).toHaveAttribute('min', screen.getByLabelText(/Fecha de ida/).getAttribute('value'));
    await user.click(screen.getByRole('button', { name: 'Buscar pasajes' }));
    await waitFor(() => expect(window.location.pathname).toBe('/pasajes'));
    expect(window.location.search).toBe(`?origen=LIM&destino=AQP&fecha=${(fecha as HTMLInputElement).value}&pasajeros=2`);
  }, 20_000);

  it("inside a page's own section, takes that section's heading instead of showing a second one", async () => {
    api();
    renderAt(
      '/',
      <section aria-labelledby="host-title">
        <h2 id="host-title">Busca tu pasaje</h2>
        <SearchWidget labelledBy="host-title" />
      </section>,
    );
    await cityCombobox('Origen');
    expect(screen.getAllByRole('heading', { name: 'Busca tu pasaje' })).toHaveLength(1);
    expect(screen.getByRole('form', { name: 'Busca tu pasaje' })).toBeInTheDocument();
  });

  it('shows the messages next to their fields, in the chosen language, and focuses the first', async () => {
    api();
    const user = userEvent.setup();
    renderAt('/', <SearchWidget initial={{ origen: 'LIM' }} />);
    expect(await cityCombobox('Origen')).toHaveValue('Lima (LIM)');
    await user.click(screen.getByRole('button', { name: 'Intercambiar origen y destino' }));
    expect(screen.getByRole('combobox', { name: 'Destino' })).toHaveValue('Lima (LIM)');
    await user.click(screen.getByRole('button', { name: 'Buscar pasajes' }));
    expect(await screen.findByText('Seleccione el origen')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Origen' })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Origen' })).toHaveAccessibleDescription('Seleccione el origen');
    await act(() => i18n.changeLanguage('en-EN'));
    expect(screen.getByText('Select the origin')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('offers to try again when the cities cannot be loaded', async () => {
    api('fail');
    const user = userEvent.setup();
    renderAt('/', <SearchWidget />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar las ciudades.');
    // The form stays in place (nothing below it moves), its cities disabled until they load.
    expect(screen.getByRole('combobox', { name: 'Origen' })).toBeDisabled();
    api();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await cityCombobox('Origen')).toBeInTheDocument();
  });
});
