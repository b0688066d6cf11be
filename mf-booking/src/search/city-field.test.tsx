import { json, stubRest } from '@rumbo/shared/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TERMINALS } from '../testing/fixtures';
import { renderAt, setUpBooking } from '../testing/render';
import { cityNamed } from './city-field';
import { SearchWidget } from './search-widget';
import { citiesOf } from './search.store';

beforeEach(async () => {
  await setUpBooking('es-PE');
  window.history.pushState(null, '', '/');
  stubRest(async (request) =>
    new URL(request.url).pathname === '/rest/terminales' ? json(200, { data: TERMINALS }) : json(404, { message: 'not found' }),
  );
});

/** Chakra's combobox marks its parts; the plain box drawn before it does not. */
const isChakraCombobox = (element: HTMLElement) => element.getAttribute('data-scope') === 'combobox';

describe('the city fields before and after the combobox is loaded', () => {
  it('are plain boxes until the customer types in one, which then becomes the combobox with the text and the focus', async () => {
    const user = userEvent.setup();
    renderAt('/', <SearchWidget />);
    const plain = await waitFor(() => {
      const box = screen.getByRole('combobox', { name: 'Origen' });
      expect(box).toBeEnabled();
      return box;
    });
    // Drawn at once, without the combobox's code: same name, role and field name, nothing open.
    expect(isChakraCombobox(plain)).toBe(false);
    expect(plain).toHaveAttribute('name', 'origen');
    expect(plain).toHaveAttribute('aria-expanded', 'false');
    expect(isChakraCombobox(screen.getByRole('combobox', { name: 'Destino' }))).toBe(false);

    // Where the focus goes when it leaves the plain box: straight to the combobox, never to the
    // page (a phone would close its keyboard).
    const focusWentTo: (EventTarget | null)[] = [];
    plain.addEventListener('focusout', (event) => focusWentTo.push(event.relatedTarget));
    // The customer is in the plain box and has typed "ter" before the combobox's code has run (both
    // in one task: the code arrives at the earliest after it).
    act(() => {
      plain.focus();
      fireEvent.change(plain, { target: { value: 'ter' } });
    });
    expect(isChakraCombobox(screen.getByRole('combobox', { name: 'Origen' }))).toBe(false);
    const combobox = await waitFor(() => {
      const box = screen.getByRole('combobox', { name: 'Origen' });
      expect(isChakraCombobox(box)).toBe(true);
      return box;
    });
    expect(combobox).toHaveFocus();
    expect(focusWentTo).toEqual([combobox]);
    expect(plain.isConnected).toBe(false);
    expect(combobox).toHaveValue('ter');
    // And goes on typing in it, at a pace the page keeps up with.
    for (const [index, letter] of [...'ra'].entries()) {
      await user.keyboard(letter);
      await waitFor(() => expect(combobox).toHaveValue(`ter${'ra'.slice(0, index + 1)}`));
    }
    // The list is open and filtered by what was typed before and after the switch.
    const option = await screen.findByRole('option', { name: /Arequipa \(AQP\)/ });
    expect(screen.queryByRole('option', { name: /Lima/ })).not.toBeInTheDocument();
    await user.click(option);
    expect(combobox).toHaveValue('Arequipa (AQP)');
    // The other field became the combobox too, untouched.
    const destino = screen.getByRole('combobox', { name: 'Destino' });
    expect(isChakraCombobox(destino)).toBe(true);
    expect(destino).not.toHaveFocus();
  }, 20_000);
});

describe('cityNamed', () => {
  const cities = citiesOf(TERMINALS);
  it('finds a city typed in full by its code, name or label, whatever the case and accents', () => {
    expect(cityNamed(cities, 'aqp')?.codigo).toBe('AQP');
    expect(cityNamed(cities, '  AREQUÍPA ')?.codigo).toBe('AQP');
    expect(cityNamed(cities, 'Lima (LIM)')?.codigo).toBe('LIM');
  });
  it('finds nothing for part of a name or an empty text', () => {
    expect(cityNamed(cities, 'Areq')).toBeUndefined();
    expect(cityNamed(cities, ' ')).toBeUndefined();
  });
});
