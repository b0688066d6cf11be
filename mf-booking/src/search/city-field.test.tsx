import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TERMINALS } from '../testing/fixtures';
import { renderAt, setUpBooking } from '../testing/render';
import { CityField, cityNamed } from './city-field';
import { citiesOf } from './search.store';

beforeEach(async () => {
  await setUpBooking('es-PE');
});

const cities = citiesOf(TERMINALS);
const chosen: Record<string, string> = {};

/** Two city fields, each with its value held by its caller, as any form holds it. */
function TwoFields() {
  const [values, setValues] = useState({ origen: '', destino: '' });
  const field = (name: 'origen' | 'destino', label: string) => (
    <CityField
      value={values[name]}
      onChange={(code) => {
        chosen[name] = code;
        setValues((current) => ({ ...current, [name]: code }));
      }}
      cities={cities}
      label={label}
      name={name}
      id={`city-${name}`}
    />
  );
  return (
    <>
      {field('origen', 'Origen')}
      {field('destino', 'Destino')}
    </>
  );
}

/** Chakra's combobox marks its parts; the plain box drawn before it does not. */
const isChakraCombobox = (element: HTMLElement) => element.getAttribute('data-scope') === 'combobox';

describe('the city fields before and after the combobox is loaded', () => {
  it('are plain boxes until the customer types in one, which then becomes the combobox with the text and the focus', async () => {
    const user = userEvent.setup();
    renderAt('/', <TwoFields />);
    const plain = screen.getByRole('combobox', { name: 'Origen' });
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
    // The caller is told the chosen city's code, whichever box it was chosen in.
    expect(chosen.origen).toBe('AQP');
    // The other field became the combobox too, untouched.
    const destino = screen.getByRole('combobox', { name: 'Destino' });
    expect(isChakraCombobox(destino)).toBe(true);
    expect(destino).not.toHaveFocus();
  }, 20_000);
});

describe('the outside of a city field', () => {
  it("shows the caller's label, name, chosen city and message, however it is drawn inside", () => {
    renderAt(
      '/',
      <CityField value="AQP" onChange={() => undefined} cities={cities} label="Ciudad" error="Elige una ciudad" name="ciudad" id="city" />,
    );
    const box = screen.getByRole('combobox', { name: 'Ciudad' });
    expect(box).toHaveAttribute('id', 'city');
    expect(box).toHaveAttribute('name', 'ciudad');
    expect(box).toHaveValue('Arequipa (AQP)');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Elige una ciudad');
  });
});

describe('cityNamed', () => {
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
