import { DATE_MAX, DATE_MIN, DETAIL_MAX, COMPLAINT_REASONS, DOCUMENT_TYPES, GENDERS } from '@rumbo/shared/schemas';
import { Box, Button, chakra, Field, FramedSection, GridItem, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@rumbo/shared/ui';
import { ErrorSummary, Fieldset, RadioGroup, Textarea } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import type { ChangeEvent, ReactNode, RefObject } from 'react';
import { fieldIds as formFieldIds, messageText, useFormSubmit, useTranslation } from '@rumbo/shared';
import type { ComplaintStore, FieldName } from './complaint.store';

/** The sheet's ids: `complaint-<field>`. */
const fieldIds = (field: string) => formFieldIds('complaint', field);

/** Error text and control borders with AA contrast (the site's theme, shared/src/theme.ts). */
const ERROR_COLOR = 'fg.error';
const CONTROL_BORDER = 'border.control';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

interface ControlProps {
  name: FieldName;
  value: string;
  onChange: (event: ChangeEvent<Control>) => void;
  'aria-describedby'?: string;
  'aria-required'?: true;
  borderColor: string;
  _invalid: { borderColor: string };
}

interface FieldProps {
  store: ComplaintStore;
  name: FieldName;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  /** Shown in error colour (e.g. a counter past its limit). */
  hintAlert?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/** Required mark outside the label, so the label (the control's name) is just its text. */
function RequiredMark() {
  return (
    <Text as="span" aria-hidden="true" color={ERROR_COLOR} fontWeight="bold" lineHeight="1">
      *
    </Text>
  );
}

/** One labelled control with its hint and its first message, linked by aria-describedby. */
const FormField = observer(function FormField({ store, name, label, required = true, hint, hintAlert, children }: FieldProps) {
  const { t } = useTranslation('complaints');
  const ids = fieldIds(name);
  const error = store.form.fieldError(name);
  const describedBy = [hint ? ids.hint : '', error ? ids.error : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Field.Root id={ids.control} ids={{ errorText: ids.error, helperText: ids.hint }} invalid={Boolean(error)} required={required}>
      <HStack gap="1">
        <Field.Label>{label}</Field.Label>
        {required && <RequiredMark />}
      </HStack>
      {children({
        name,
        value: store.form.values[name],
        onChange: (event) => store.set(name, event.target.value),
        'aria-describedby': describedBy,
        'aria-required': required ? true : undefined,
        borderColor: CONTROL_BORDER,
        _invalid: { borderColor: ERROR_COLOR },
      })}
      {hint && <Field.HelperText color={hintAlert ? ERROR_COLOR : undefined}>{hint}</Field.HelperText>}
      <Field.ErrorText color={ERROR_COLOR}>{error && messageText(t, error)}</Field.ErrorText>
    </Field.Root>
  );
});

interface Choice {
  value: string;
  label: string;
  description?: string;
}

interface ChoiceFieldProps {
  store: ComplaintStore;
  name: FieldName;
  label: string;
  choices: Choice[];
}

/** A required radio group: fieldset and legend, each radio linked to its description and the message. */
const ChoiceField = observer(function ChoiceField({ store, name, label, choices }: ChoiceFieldProps) {
  const { t } = useTranslation('complaints');
  const ids = fieldIds(name);
  const legendId = `${ids.control}-legend`;
  const error = store.form.fieldError(name);
  const inline = !choices.some((choice) => choice.description);
  // The id sits on a wrapper: Ark's Fieldset keeps its `id` prop for its own part ids.
  return (
    <Box id={ids.control}>
      <Fieldset.Root invalid={Boolean(error)} aria-labelledby={legendId}>
        <Fieldset.Legend id={legendId} fontWeight="medium" textStyle="sm" display="flex" gap="1">
          {label}
          <RequiredMark />
        </Fieldset.Legend>
        <RadioGroup.Root
          name={name}
          value={store.form.values[name] || null}
          onValueChange={(details) => store.set(name, details.value ?? '')}
          aria-labelledby={legendId}
          required
          colorPalette="brand"
        >
          <Stack direction={inline ? { base: 'column', sm: 'row' } : 'column'} gap={{ base: 2, sm: inline ? 5 : 3 }}>
            {choices.map((choice) => {
              const descriptionId = `${ids.control}-${choice.value}-description`;
              const describedBy = [choice.description ? descriptionId : '', error ? ids.error : ''].filter(Boolean).join(' ');
              return (
                <Box key={choice.value}>
                  <RadioGroup.Item value={choice.value}>
                    <RadioGroup.ItemHiddenInput aria-describedby={describedBy || undefined} aria-required="true" />
                    <RadioGroup.ItemIndicator borderColor={CONTROL_BORDER} />
                    <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                  {choice.description && (
                    <Text id={descriptionId} textStyle="sm" color="fg.muted" ps="7">
                      {choice.description}
                    </Text>
                  )}
                </Box>
              );
            })}
          </Stack>
        </RadioGroup.Root>
        {error && (
          <Text id={ids.error} textStyle="xs" fontWeight="medium" color={ERROR_COLOR} aria-live="polite">
            {messageText(t, error)}
          </Text>
        )}
      </Fieldset.Root>
    </Box>
  );
});

/** The messages of the last submit, on top of the form; each links to its field. */
const FormSummary = observer(function FormSummary({
  store,
  alertRef,
  onPick,
}: {
  store: ComplaintStore;
  alertRef: RefObject<HTMLDivElement | null>;
  onPick: (field: string) => void;
}) {
  const { t } = useTranslation('complaints');
  return (
    <ErrorSummary
      id="complaint-summary"
      title={t('summary.title')}
      problem={store.form.problem ? messageText(t, store.form.problem) : undefined}
      entries={store.form.errors.map((error) => ({
        text: messageText(t, error),
        ...(error.field ? { href: `#${fieldIds(error.field).control}`, onPick: () => onPick(error.field!) } : {}),
      }))}
      alertRef={alertRef}
    />
  );
});

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <FramedSection titleId={id} title={title} titleGap="5">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        {children}
      </SimpleGrid>
    </FramedSection>
  );
}

const wide = { colSpan: { base: 1, md: 2 } } as const;

/** The complaint sheet (spec §3): consumer, service, complaint; checked with the shared schema. */
export const ComplaintForm = observer(function ComplaintForm({ store }: { store: ComplaintStore }) {
  const { t } = useTranslation('complaints');
  const { formRef, alertRef, focus, onSubmit } = useFormSubmit(() => store.submit());
  const values = store.form.values;

  const dateBounds = { min: DATE_MIN, max: DATE_MAX };
  const citiesReady = store.citiesState === 'ready';

  return (
    <chakra.form ref={formRef} noValidate onSubmit={onSubmit}>
      <Stack gap="6">
        <FormSummary store={store} alertRef={alertRef} onPick={focus} />
        <Text textStyle="sm">{t('notes.required')}</Text>

        <input type="hidden" name="fecha_actual" value={values.fecha_actual} />
        <input type="hidden" name="tamanioInput" value={values.tamanioInput} />
        <input type="hidden" name="cpersona" value={values.cpersona} />

        <Section id="complaint-section-consumer" title={t('sections.consumer')}>
          <FormField store={store} name="nacimiento" label={t('fields.nacimiento')}>
            {(control) => <Input type="date" autoComplete="bday" {...dateBounds} {...control} />}
          </FormField>
          <ChoiceField
            store={store}
            name="genero"
            label={t('fields.genero')}
            choices={GENDERS.map((gender) => ({ value: gender, label: t(`common:identity.genders.${gender}`) }))}
          />
          <FormField store={store} name="documento" label={t('fields.documento')}>
            {(control) => (
              <NativeSelect.Root>
                <NativeSelect.Field {...control}>
                  {Object.values(DOCUMENT_TYPES).map((code) => (
                    <option key={code} value={String(code)}>
                      {t(`common:identity.documents.${code}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          </FormField>
          <FormField store={store} name="numero" label={t('fields.numero')} hint={t('hints.numero', { length: store.documentLength })}>
            {(control) => <Input type="text" inputMode="numeric" autoComplete="off" maxLength={store.documentLength} {...control} />}
          </FormField>
          <FormField store={store} name="datos" label={t('fields.datos')}>
            {(control) => <Input type="text" autoComplete="given-name" {...control} />}
          </FormField>
          <FormField store={store} name="paterno" label={t('fields.paterno')}>
            {(control) => <Input type="text" autoComplete="family-name" {...control} />}
          </FormField>
          <FormField store={store} name="materno" label={t('fields.materno')}>
            {(control) => <Input type="text" autoComplete="off" {...control} />}
          </FormField>
          <FormField store={store} name="direccion" label={t('fields.direccion')}>
            {(control) => <Input type="text" autoComplete="street-address" {...control} />}
          </FormField>
          <FormField store={store} name="telefono" label={t('fields.telefono')} hint={t('common:identity.phoneHint')}>
            {(control) => <Input type="tel" inputMode="numeric" autoComplete="tel" {...control} />}
          </FormField>
          <FormField store={store} name="correo" label={t('fields.correo')}>
            {(control) => <Input type="email" autoComplete="email" {...control} />}
          </FormField>
        </Section>

        <Section id="complaint-section-service" title={t('sections.service')}>
          <FormField store={store} name="viaje" label={t('fields.viaje')}>
            {(control) => <Input type="datetime-local" min={`${DATE_MIN}T00:00`} max={`${DATE_MAX}T23:59`} {...control} />}
          </FormField>
          <FormField
            store={store}
            name="destino"
            label={t('fields.destino')}
            hint={store.citiesState === 'failed' ? t('cities.failed') : undefined}
            hintAlert
          >
            {(control) => (
              <Stack gap="2" width="full">
                <NativeSelect.Root>
                  <NativeSelect.Field {...control} aria-busy={store.citiesState === 'loading' || undefined}>
                    {citiesReady ? (
                      store.cities.map((city) => (
                        <option key={city.cciudad} value={String(city.cciudad)}>
                          {city.nombre}
                        </option>
                      ))
                    ) : (
                      <option value={values.destino}>{store.citiesState === 'loading' ? t('cities.loading') : '—'}</option>
                    )}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {store.citiesState === 'failed' && (
                  <Button type="button" size="sm" variant="outline" alignSelf="flex-start" onClick={() => void store.loadCities()}>
                    {t('retry')}
                  </Button>
                )}
              </Stack>
            )}
          </FormField>
        </Section>

        <Section id="complaint-section-complaint" title={t('sections.complaint')}>
          <GridItem {...wide}>
            <ChoiceField
              store={store}
              name="tipo_reclamo"
              label={t('fields.tipo_reclamo')}
              choices={['1', '2'].map((code) => ({
                value: code,
                label: t(`types.${code}.name`),
                description: t(`types.${code}.definition`),
              }))}
            />
          </GridItem>
          <GridItem {...wide}>
            <FormField store={store} name="motivo" label={t('fields.motivo')}>
              {(control) => (
                <NativeSelect.Root>
                  <NativeSelect.Field {...control}>
                    <option value="">{t('motivo.empty')}</option>
                    {COMPLAINT_REASONS.map((code) => (
                      <option key={code} value={String(code)}>
                        {t(`motivo.${code}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
            </FormField>
          </GridItem>
          <GridItem {...wide}>
            <FormField
              store={store}
              name="detalle"
              label={t('fields.detalle')}
              hint={t('hints.counter', { n: values.detalle.length, max: DETAIL_MAX })}
              hintAlert={values.detalle.length > DETAIL_MAX}
            >
              {(control) => <Textarea rows={6} {...control} />}
            </FormField>
          </GridItem>
          <GridItem {...wide}>
            <FormField
              store={store}
              name="resultado"
              label={t('fields.resultado')}
              required={false}
              hint={`${t('hints.resultado')} ${t('hints.counter', { n: values.resultado.length, max: DETAIL_MAX })}`}
              hintAlert={values.resultado.length > DETAIL_MAX}
            >
              {(control) => <Textarea rows={4} {...control} />}
            </FormField>
          </GridItem>
        </Section>

        <Box>
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            width={{ base: 'full', md: 'auto' }}
            disabled={store.form.sending}
            loading={store.form.sending}
            loadingText={t('sending')}
          >
            {t('submit')}
          </Button>
        </Box>
      </Stack>
    </chakra.form>
  );
});
