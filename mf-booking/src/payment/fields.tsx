import { messageText, type FormMessage } from '@rumbo/shared';
import { Alert, ExternalLink, Heading, List, NativeSelect } from '@rumbo/shared/ui';
import { Field } from '@rumbo/shared/ui/forms';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { focusControl } from '../focus';

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: { value: string; label: string }[];
  placeholder?: string;
  error?: FormMessage;
  hint?: string;
  required?: boolean;
}

/** A labelled native select with its hint and message, tied by aria-describedby (like the shared TextField). */
export function SelectField({ id, label, value, onValue, options, placeholder, error, hint, required = true }: SelectFieldProps) {
  const { t } = useTranslation('validation');
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Field.Root ids={{ control: id, errorText: `${id}-error`, helperText: `${id}-hint` }} invalid={Boolean(error)} required={required}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={id}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-describedby={describedBy}
          borderColor="border.control"
          _invalid={{ borderColor: 'fg.error' }}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
      {error && <Field.ErrorText color="fg.error">{messageText(t, error)}</Field.ErrorText>}
    </Field.Root>
  );
}

export interface SummaryEntry {
  target: string;
  text: string;
}

/**
 * The form's messages after a failed "Reservar", above the form: a problem for the whole form, or
 * the list of fields to fix, each a link that moves focus to its control (`target` is the
 * control's name: unique in the form).
 */
export function ErrorSummary({
  id,
  title,
  problem,
  entries,
  alertRef,
}: {
  id: string;
  title: string;
  problem?: string;
  entries: SummaryEntry[];
  alertRef: RefObject<HTMLDivElement | null>;
}) {
  if (!problem && entries.length === 0) return null;
  return (
    <Alert.Root id={id} ref={alertRef} status="error" role="alert" tabIndex={-1} aria-labelledby={problem ? undefined : `${id}-title`}>
      <Alert.Indicator />
      <Alert.Content>
        {problem ? (
          <Alert.Title>{problem}</Alert.Title>
        ) : (
          <>
            <Heading as="h2" id={`${id}-title`} size="sm" mb="2">
              {title}
            </Heading>
            <List.Root ps="5">
              {entries.map((entry, i) => (
                <List.Item key={`${entry.target}-${i}`}>
                  <ExternalLink
                    href={`#${entry.target}`}
                    color="inherit"
                    textDecoration="underline"
                    onClick={(event) => {
                      event.preventDefault();
                      focusControl(entry.target);
                    }}
                  >
                    {entry.text}
                  </ExternalLink>
                </List.Item>
              ))}
            </List.Root>
          </>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}
