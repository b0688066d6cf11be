import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithUi, setUpShared } from '../testing';
import { SelectField } from './select-field';

function Genders({ error }: { error?: { key: string } }) {
  const [value, setValue] = useState('');
  return (
    <SelectField
      id="pasajero-1-genero"
      name="genero"
      label="Género"
      value={value}
      onValue={setValue}
      options={[
        { value: 'F', label: 'Femenino' },
        { value: 'M', label: 'Masculino' },
      ]}
      placeholder="* Seleccione"
      hint="Como figura en el documento"
      error={error}
    />
  );
}

describe('SelectField', () => {
  beforeAll(() => setUpShared('es-PE'));

  it("is labelled, carries the spec's field name and starts on the empty choice", async () => {
    renderWithUi(<Genders />);
    const select = screen.getByRole('combobox', { name: 'Género' });
    expect(select).toHaveAttribute('name', 'genero');
    expect(select).toHaveValue('');
    await userEvent.selectOptions(select, 'M');
    expect(select).toHaveValue('M');
    expect(select).toHaveAccessibleDescription('Como figura en el documento');
  });

  it('reads its message in the language of the page, tied to the control', () => {
    renderWithUi(<Genders error={{ key: 'request.failed' }} />);
    const select = screen.getByRole('combobox', { name: 'Género' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select.getAttribute('aria-describedby')).toContain('pasajero-1-genero-error');
    expect(document.getElementById('pasajero-1-genero-error')?.textContent).not.toBe('');
  });
});
