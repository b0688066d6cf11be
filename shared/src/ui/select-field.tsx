import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText, type FormMessage } from '../form-message';
import { SelectControl, type SelectOption } from './select-control';

interface SelectFieldProps {
  /** The control's id; its hint and message are `{id}-hint` and `{id}-error`. */
  id: string;
  /** The spec's field name (defaults to `id`). */
  name?: string;
  /** The label's text, or the text with a mark of its own (a required mark). */
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  options: readonly SelectOption[];
  /** An empty first choice ("* Seleccione…"). */
  placeholder?: string;
  hint?: string;
  error?: FormMessage;
  required?: boolean;
  autoComplete?: string;
}

/** A labelled native select with its hint and message, tied to it by aria-describedby (as `TextField`). */
export function SelectField({ id, name = id, label, value, onValue, options, placeholder, hint, error, required, autoComplete }: SelectFieldProps) {
  const { t } = useTranslation('validation');
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Field.Root ids={{ control: id, errorText: `${id}-error`, helperText: `${id}-hint` }} invalid={Boolean(error)} required={required}>
      <Field.Label>{label}</Field.Label>
      <SelectControl
        name={name}
        value={value}
        onValue={onValue}
        options={options}
        placeholder={placeholder}
        aria-describedby={describedBy}
        autoComplete={autoComplete}
        borderColor="border.control"
        _invalid={{ borderColor: 'fg.error' }}
      />
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
      {error && <Field.ErrorText color="fg.error">{messageText(t, error)}</Field.ErrorText>}
    </Field.Root>
  );
}
