import { Field, Input } from '@chakra-ui/react';
import type { InputHTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText, type FormMessage } from '../form-message';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'size' | 'color'> {
  id: string;
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
  error?: FormMessage;
  required?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and message, tied to it by aria-describedby. */
export function TextField({ id, name, label, value, onValue, hint, error, required, ref, ...input }: TextFieldProps) {
  const { t } = useTranslation('validation');
  return (
    <Field.Root ids={{ control: id, errorText: `${id}-error`, helperText: `${id}-hint` }} invalid={Boolean(error)} required={required}>
      <Field.Label>{label}</Field.Label>
      <Input
        ref={ref}
        name={name}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
        borderColor="border.control"
        _invalid={{ borderColor: 'fg.error' }}
        {...input}
      />
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
      {error && <Field.ErrorText color="fg.error">{messageText(t, error)}</Field.ErrorText>}
    </Field.Root>
  );
}
