import { fieldIds, messageText, useTranslation, type FormState } from '@rumbo/shared';
import { Alert, Box, Field, HStack, Input, Text } from '@rumbo/shared/ui';
import { Checkbox, ErrorSummary, SelectField as SharedSelectField } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import type { ReactNode, RefObject } from 'react';

/** Error text and control borders with AA contrast (the site's theme, shared/src/theme.ts). */
const ERROR_COLOR = 'fg.error';
const CONTROL_BORDER = 'border.control';

type AnyForm = FormState<Record<string, string | boolean>>;

function RequiredMark() {
  return (
    <Text as="span" aria-hidden="true" color={ERROR_COLOR} fontWeight="bold" lineHeight="1">
      *
    </Text>
  );
}

interface TextFieldProps {
  form: AnyForm;
  id: string;
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date';
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'text' | 'tel';
  required?: boolean;
  hint?: ReactNode;
  maxLength?: number;
  readOnly?: boolean;
  min?: string;
  max?: string;
  onBlur?: () => void;
}

/** One labelled input with its hint and its first message, linked by aria-describedby. */
export const TextField = observer(function TextField(props: TextFieldProps) {
  const { form, id, name, label, required = true, hint, type = 'text', onBlur, ...input } = props;
  const { t } = useTranslation('account');
  const ids = fieldIds(id, name);
  const error = form.fieldError(name);
  const describedBy = [hint ? ids.hint : '', error ? ids.error : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Field.Root id={ids.control} ids={{ errorText: ids.error, helperText: ids.hint }} invalid={Boolean(error)} required={required}>
      <HStack gap="1">
        <Field.Label>{label}</Field.Label>
        {required && !input.readOnly && <RequiredMark />}
      </HStack>
      <Input
        name={name}
        type={type}
        value={String(form.values[name] ?? '')}
        onChange={(event) => form.set(name, event.target.value)}
        onBlur={onBlur}
        aria-describedby={describedBy}
        borderColor={CONTROL_BORDER}
        _invalid={{ borderColor: ERROR_COLOR }}
        {...input}
      />
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
      <Field.ErrorText color={ERROR_COLOR}>{error && messageText(t, error)}</Field.ErrorText>
    </Field.Root>
  );
});

interface SelectFieldProps {
  form: AnyForm;
  id: string;
  name: string;
  label: string;
  options: { value: string; label: string }[];
  placeholder?: string;
  autoComplete?: string;
}

export const SelectField = observer(function SelectField({ form, id, name, label, options, placeholder, autoComplete }: SelectFieldProps) {
  return (
    <SharedSelectField
      id={fieldIds(id, name).control}
      name={name}
      label={
        <HStack as="span" gap="1">
          {label}
          <RequiredMark />
        </HStack>
      }
      value={String(form.values[name] ?? '')}
      onValue={(value) => form.set(name, value)}
      options={options}
      placeholder={placeholder}
      error={form.fieldError(name)}
      required
      autoComplete={autoComplete}
    />
  );
});

export const CheckboxField = observer(function CheckboxField({ form, id, name, children }: { form: AnyForm; id: string; name: string; children: ReactNode }) {
  const { t } = useTranslation('account');
  const ids = fieldIds(id, name);
  const error = form.fieldError(name);
  // The id sits on a wrapper: Ark's checkbox links its own label and hidden input by its ids.
  return (
    <Box id={ids.control}>
      <Checkbox.Root
        checked={form.values[name] === true}
        onCheckedChange={(details) => form.set(name, details.checked === true)}
        colorPalette="brand"
        invalid={Boolean(error)}
      >
        <Checkbox.HiddenInput name={name} aria-describedby={error ? ids.error : undefined} aria-required="true" />
        <Checkbox.Control borderColor={CONTROL_BORDER} />
        <Checkbox.Label>{children}</Checkbox.Label>
      </Checkbox.Root>
      {error && (
        <Text id={ids.error} textStyle="xs" fontWeight="medium" color={ERROR_COLOR} aria-live="polite" mt="1">
          {messageText(t, error)}
        </Text>
      )}
    </Box>
  );
});

/**
 * The messages of the last submit, above the form: a problem, or the list of fields to fix (two
 * or more: a single one shows next to its field).
 */
export const FormAlert = observer(function FormAlert({
  form,
  id,
  alertRef,
  onPick,
}: {
  form: AnyForm;
  id: string;
  alertRef: RefObject<HTMLDivElement | null>;
  onPick: (field: string) => void;
}) {
  const { t } = useTranslation('account');
  const entries =
    form.errors.length < 2
      ? []
      : form.errors.map((error) => ({
          text: messageText(t, error),
          ...(error.field ? { href: `#${fieldIds(id, error.field).control}`, onPick: () => onPick(error.field!) } : {}),
        }));
  return (
    <ErrorSummary
      id={`${id}-summary`}
      title={t('summary')}
      problem={form.problem ? messageText(t, form.problem) : undefined}
      entries={entries}
      alertRef={alertRef}
    />
  );
});

/** A polite status message (sent, saved, confirmed). */
export function Notice({ status = 'success', title, children }: { status?: 'success' | 'info' | 'error'; title: string; children?: ReactNode }) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children && <Alert.Description>{children}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
