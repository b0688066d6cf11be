import { useTranslation } from '@rumbo/shared';
import { DOCUMENT_TYPE, GENDERS } from '@rumbo/shared/schemas';
import { Box, Button, HStack, SimpleGrid, Text } from '@rumbo/shared/ui';
import { Fieldset, SelectField, TextField, type SelectOption } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { deckNumber } from '../seats/seat-grid';
import { RELATIONSHIPS, type PassengerField } from './passenger.form';
import type { PaymentStore } from './payment.store';
import { controlId, passengerScope } from './summary';

const today = () => new Date().toISOString().slice(0, 10);

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
                  max={today()}
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
        {text('nacimiento', { type: 'date', min: '1900-01-01', max: today() })}
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
        </Box>
      )}
    </Fieldset.Root>
  );
});
