import { messageText, useTranslation } from '@rumbo/shared';
import { DOCUMENT_TYPE, GENDERS, limaToday } from '@rumbo/shared/schemas';
import { Box, Button, HStack, SimpleGrid, Text } from '@rumbo/shared/ui';
import { Checkbox, Fieldset, SelectField, TextField, type SelectOption } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { deckNumber } from '../seats/seat-grid';
import { RELATIONSHIPS, type LapField, type PassengerField, type PassengerForm } from './passenger.form';
import type { PaymentStore } from './payment.store';
import { controlId, passengerScope } from './summary';


/** One passenger of step 3: their seats, document (a known one filled from it), data and, a minor, their responsible adult. */
export const PassengerBlock = observer(function PassengerBlock({ store, index }: { store: PaymentStore; index: number }) {
  const { t } = useTranslation('booking');
  const form = store.passengers[index]!;
  const scope = passengerScope(index);
  const id = (field: string) => controlId(scope, field);
  const text = (field: PassengerField, extra: Record<string, unknown> = {}) => (
    <TextField
      id={id(field)}
      name={id(field)}
      label={t(`payment.fields.${field}`)}
      value={form.values[field]}
      onValue={(value) => form.set(field, value)}
      error={form.fieldError(field)}
      required
      {...extra}
    />
  );
  const select = (field: 'ctipo_documento' | 'genero', options: SelectOption[], placeholder?: string) => (
    <SelectField
      id={id(field)}
      required
      label={t(`payment.fields.${field}`)}
      value={form.values[field]}
      onValue={(value) => form.set(field, value)}
      error={form.fieldError(field)}
      placeholder={placeholder}
      options={options}
    />
  );
  const seats = store.seatsOf(index);
  const lookup = form.lookup;
  const minor = store.isMinor(index);
  return (
    <Fieldset.Root borderWidth="1px" rounded="lg" p={{ base: 4, md: 5 }} data-testid={`passenger-${index + 1}`}>
      <Fieldset.Legend fontWeight="bold" fontSize="lg" px="1">
        {t('payment.passenger', { n: index + 1 })}
      </Fieldset.Legend>
      <Text textStyle="sm" color="fg.muted" mb="3">
        {seats
          .map(({ leg, seat }) => t(`payment.seatOn.${leg.tramo}`, { n: seat.nasiento, piso: deckNumber(seat.gnivel_piso) }))
          .join(' · ')}
      </Text>
      {store.customer && (
        <Button size="sm" variant="outline" alignSelf="start" mb="3" onClick={() => store.fillPassenger(index)}>
          {t('payment.useMyData')}
        </Button>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {select(
          'ctipo_documento',
          Object.values(DOCUMENT_TYPE).map((code) => ({ value: String(code), label: t(`payment.documents.${code}`) })),
        )}
        {text('numero', {
          autoComplete: 'off',
          hint: t(`payment.hints.numero.${form.values.ctipo_documento}`, { defaultValue: '' }) || undefined,
          onBlur: () => void form.search(),
        })}
      </SimpleGrid>
      <Box aria-live="polite" mt={lookup.state === 'idle' ? 0 : 3}>
        {lookup.state === 'searching' && <Text textStyle="sm">{t('payment.lookup.searching')}</Text>}
        {lookup.state === 'known' && (
          <Box borderWidth="1px" rounded="md" p="3" bg="blue.50" color="gray.900">
            <Text mb="2">{t('payment.lookup.known', { nombres: lookup.nombres })}</Text>
            <HStack align="end" gap="3" flexWrap="wrap">
              <Box minW="12rem">
                <TextField
                  id={id('lookup')}
                  name={id('lookup')}
                  type="date"
                  label={t('payment.lookup.birth')}
                  value={form.birth.values.nacimiento}
                  onValue={(value) => form.setLookupBirth(value)}
                  error={form.lookupError}
                  min="1900-01-01"
                  max={limaToday()}
                />
              </Box>
              <Button variant="outline" loading={form.birth.sending} onClick={() => void form.fill()}>
                {t('payment.lookup.fill')}
              </Button>
            </HStack>
          </Box>
        )}
        {lookup.state === 'filled' && (
          <Text textStyle="sm" role="status">
            {t('payment.lookup.filled', { nombres: lookup.nombres })}
          </Text>
        )}
      </Box>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="4">
        {text('nombres', { autoComplete: 'off' })}
        {text('paterno', { autoComplete: 'off' })}
        {text('materno', { autoComplete: 'off' })}
        {text('email', { type: 'email', autoComplete: index === 0 ? 'email' : 'off' })}
        {text('celular', { type: 'tel', inputMode: 'numeric', maxLength: 9, autoComplete: index === 0 ? 'tel-national' : 'off', hint: t('payment.hints.celular') })}
        {select(
          'genero',
          GENDERS.map((gender) => ({ value: gender, label: t(`payment.genders.${gender}`) })),
          t('payment.choose'),
        )}
        {text('nacimiento', { type: 'date', min: '1900-01-01', max: limaToday() })}
      </SimpleGrid>
      {minor && (
        <Box mt="4" borderWidth="1px" borderColor="orange.300" rounded="md" p="3" bg="orange.50" color="gray.900" data-testid={`minor-${index + 1}`}>
          <Text fontWeight="semibold" mb="2">
            {t('payment.minor.notice')}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <SelectField
              id={id('responsable')}
              required
              label={t('payment.minor.responsable')}
              value={form.guardian.values.responsable}
              onValue={(value) => form.setGuardian('responsable', value)}
              error={form.fieldError('responsable')}
              placeholder={t('payment.choose')}
              hint={store.guardiansFor(index).length === 0 ? t('payment.minor.noAdult') : undefined}
              options={store.guardiansFor(index).map((i) => ({
                value: String(i),
                label: [t('payment.passenger', { n: i + 1 }), store.passengers[i]!.label].filter(Boolean).join(': '),
              }))}
            />
            <SelectField
              id={id('parentesco')}
              required
              label={t('payment.minor.parentesco')}
              value={form.guardian.values.parentesco}
              onValue={(value) => form.setGuardian('parentesco', value)}
              error={form.fieldError('parentesco')}
              placeholder={t('payment.choose')}
              options={RELATIONSHIPS.map((relation) => ({ value: relation, label: t(`payment.relationships.${relation}`) }))}
            />
          </SimpleGrid>
          {form.needsAuthorization && (
            <NotarialConfirmation
              id={id('autorizacion_notarial')}
              checked={form.guardian.values.autorizacion_notarial}
              onChange={(checked) => form.setGuardian('autorizacion_notarial', checked)}
              error={form.fieldError('autorizacion_notarial')}
            />
          )}
        </Box>
      )}
      {!minor && <LapChildSection form={form} id={id} />}
    </Fieldset.Root>
  );
});

/**
 * Issue 34: a minor travelling without their father or mother needs the notarial travel
 * authorization (Código de los Niños y Adolescentes, art. 111): what it is, and the buyer's
 * confirmation that it will be shown at boarding.
 */
const NotarialConfirmation = observer(function NotarialConfirmation({
  id,
  checked,
  onChange,
  error,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: ReturnType<PassengerForm['fieldError']>;
}) {
  const { t } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  return (
    <Box mt="3" data-testid={id}>
      <Text textStyle="sm" mb="2">
        {t('payment.notarial.explain')}
      </Text>
      <Checkbox.Root checked={checked} onCheckedChange={(details) => onChange(details.checked === true)} colorPalette="brand" invalid={Boolean(error)}>
        <Checkbox.HiddenInput name={id} aria-describedby={error ? `${id}-error` : undefined} aria-required="true" />
        <Checkbox.Control borderColor="border.control" />
        <Checkbox.Label>{t('payment.notarial.confirm')}</Checkbox.Label>
      </Checkbox.Root>
      {error && (
        <Text id={`${id}-error`} textStyle="sm" fontWeight="medium" color="fg.error" mt="1">
          {messageText(tv, error)}
        </Text>
      )}
    </Box>
  );
});

/** Issue 34: a child under 5 on this (adult) passenger's lap: their document, names, birth date and relationship. */
const LapChildSection = observer(function LapChildSection({ form, id }: { form: PassengerForm; id: (field: string) => string }) {
  const { t } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  const lap = form.lap.values;
  const carrierError = form.fieldError('infante.infante');
  const text = (field: Exclude<LapField, 'ctipo_documento' | 'parentesco'>, extra: Record<string, unknown> = {}) => (
    <TextField
      id={id(`infante-${field}`)}
      name={id(`infante-${field}`)}
      label={t(`payment.lap.fields.${field}`)}
      value={lap[field]}
      onValue={(value) => form.setLap(field, value)}
      error={form.fieldError(`infante.${field}`)}
      required
      autoComplete="off"
      {...extra}
    />
  );
  return (
    <Box mt="4">
      <Checkbox.Root checked={lap.infante} onCheckedChange={(details) => form.setLap('infante', details.checked === true)} colorPalette="brand" invalid={Boolean(carrierError)}>
        <Checkbox.HiddenInput name={id('infante')} aria-describedby={carrierError ? `${id('infante')}-error` : undefined} />
        <Checkbox.Control borderColor="border.control" />
        <Checkbox.Label>{t('payment.lap.carries')}</Checkbox.Label>
      </Checkbox.Root>
      {carrierError && (
        <Text id={`${id('infante')}-error`} textStyle="sm" fontWeight="medium" color="fg.error" mt="1">
          {messageText(tv, carrierError)}
        </Text>
      )}
      {lap.infante && (
        <Box mt="3" borderWidth="1px" rounded="md" p="3" data-testid={id('lap')}>
          <Text textStyle="sm" mb="3">
            {t('payment.lap.notice')}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <SelectField
              id={id('infante-ctipo_documento')}
              required
              label={t('payment.lap.fields.ctipo_documento')}
              value={lap.ctipo_documento}
              onValue={(value) => form.setLap('ctipo_documento', value)}
              error={form.fieldError('infante.ctipo_documento')}
              options={Object.values(DOCUMENT_TYPE).map((code) => ({ value: String(code), label: t(`payment.documents.${code}`) }))}
            />
            {text('numero')}
            {text('nombres')}
            {text('paterno')}
            {text('materno')}
            {text('nacimiento', { type: 'date', min: '1900-01-01', max: limaToday() })}
            <SelectField
              id={id('infante-parentesco')}
              required
              label={t('payment.lap.fields.parentesco')}
              value={lap.parentesco}
              onValue={(value) => form.setLap('parentesco', value)}
              error={form.fieldError('infante.parentesco')}
              placeholder={t('payment.choose')}
              options={RELATIONSHIPS.map((relation) => ({ value: relation, label: t(`payment.relationships.${relation}`) }))}
            />
          </SimpleGrid>
          {form.lapNeedsAuthorization && (
            <NotarialConfirmation
              id={id('infante-autorizacion_notarial')}
              checked={lap.autorizacion_notarial}
              onChange={(checked) => form.setLap('autorizacion_notarial', checked)}
              error={form.fieldError('infante.autorizacion_notarial')}
            />
          )}
        </Box>
      )}
    </Box>
  );
});
