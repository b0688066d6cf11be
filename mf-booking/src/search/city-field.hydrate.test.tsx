import { hydrateAt } from '@rumbo/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { TERMINALS } from '../testing/fixtures';
import { setUpBooking } from '../testing/render';
import { CityField } from './city-field';
import { citiesOf } from './search.store';

// A file of its own: the combobox's code is loaded once per module registry, and a server-rendered page
// hydrates before it ever is.
beforeEach(async () => {
  await setUpBooking('es-PE');
});

const cities = citiesOf(TERMINALS);

function Destination() {
  const [value, setValue] = useState('');
  return <CityField value={value} onChange={setValue} cities={cities} label="Destino" name="destino" id="city-destino" />;
}

test('a box the customer was already in when the page hydrated (tapped in its HTML, before the code) becomes the combobox, focused, its list open', async () => {
  await hydrateAt('/', '/', () => <Destination />, (page) => {
    page.querySelector<HTMLInputElement>('input[name="destino"]')!.focus();
  });
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Destino' })).toHaveAttribute('data-scope', 'combobox'));
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Destino' })).toHaveFocus());
  expect(await screen.findByRole('listbox')).toBeInTheDocument();
});
