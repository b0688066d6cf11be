import { endpoints } from '@rumbo/shared/contract';
import { stubEndpoint } from '@rumbo/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TERMINALS } from '../testing/fixtures';
import { renderAt, setUpBooking } from '../testing/render';
import { SearchWidget } from './search-widget';

// The combobox's code cannot be fetched (the customer's connection dropped).
jest.mock('@rumbo/shared/ui/combobox', () => {
  throw new Error('ChunkLoadError: Loading chunk failed');
});

beforeEach(async () => {
  await setUpBooking('es-PE');
  window.history.pushState(null, '', '/');
  stubEndpoint(endpoints.terminals, TERMINALS);
});

it('without the combobox, a city typed in full still counts and the search goes to step 1', async () => {
  const user = userEvent.setup();
  renderAt('/', <SearchWidget />);
  const origen = await waitFor(() => {
    const box = screen.getByRole('combobox', { name: 'Origen' });
    expect(box).toBeEnabled();
    return box;
  });
  await user.type(origen, 'lima');
  expect(await screen.findAllByText('Escribe el nombre o el código de la ciudad')).not.toHaveLength(0);
  await user.type(screen.getByRole('combobox', { name: 'Destino' }), 'AQP');
  await user.click(screen.getByRole('button', { name: 'Buscar pasajes' }));
  await waitFor(() => expect(window.location.pathname).toBe('/pasajes'));
  expect(window.location.search).toMatch(/^\?origen=LIM&destino=AQP&/);
});
