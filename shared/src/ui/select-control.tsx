import { NativeSelect } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectControlProps extends Omit<ComponentProps<typeof NativeSelect.Field>, 'onChange' | 'children'> {
  value: string;
  onValue: (value: string) => void;
  options: readonly SelectOption[];
  /** An empty first choice ("* Seleccione…"). */
  placeholder?: string;
  size?: ComponentProps<typeof NativeSelect.Root>['size'];
}

/** A native select with its options and its indicator: the control of `SelectField` and of any labelled select. */
export function SelectControl({ value, onValue, options, placeholder, size, ...field }: SelectControlProps) {
  return (
    <NativeSelect.Root size={size}>
      <NativeSelect.Field value={value} onChange={(event) => onValue(event.target.value)} {...field}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
