import { ALERT, useFormSubmit, useTranslation, type FocusTarget } from '@rumbo/shared';
import { MAX_SEATS, type Trip } from '@rumbo/shared/schemas';
import { Box, Button, chakra, HStack, Stack, Text } from '@rumbo/shared/ui';
import { SelectField, TextField } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { ProblemAlert } from '../problem-alert';
import { WaitlistStore } from './waitlist.store';

/**
 * Issue 48: on a sold-out trip ("Agotado"), "Tell me if a seat frees up": the waitlist's form, then
 * the customer's place in the line and "Leave the list". The offer itself comes by mail (and push).
 */
export const WaitlistJoin = observer(function WaitlistJoin({ trip, seats, store: given }: { trip: Trip; seats: number; store?: WaitlistStore }) {
  const { t, i18n } = useTranslation('booking');
  const [store] = useState(() => given ?? new WaitlistStore(trip, seats));
  const id = `waitlist-${trip.cviaje}`;
  const control = (target: FocusTarget | undefined) => (target && target !== ALERT ? `${id}-${target}` : target);
  const { formRef, alertRef, onSubmit } = useFormSubmit(async () => control(await store.join(i18n.language)));
  const place = store.place;

  if (place) {
    const waiting = place.estado === 'esperando' || place.estado === 'ofrecido';
    return (
      <Box borderWidth="1px" rounded="md" p="3" data-testid="waitlist-place">
        <Text role="status">
          {waiting ? t('waitlist.joined', { position: place.posicion ?? 1, count: place.asientos }) : t('waitlist.left')}
        </Text>
        {waiting && (
          <Button size="sm" variant="outline" mt="2" loading={store.form.sending} onClick={() => void store.leave()}>
            {t('waitlist.leave')}
          </Button>
        )}
      </Box>
    );
  }

  return (
    <Box>
      <Button size="sm" variant="outline" aria-expanded={store.open} aria-controls={`${id}-form`} onClick={() => store.toggle()}>
        {t('waitlist.open')}
      </Button>
      {store.open && (
        <chakra.form id={`${id}-form`} ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} mt="3" borderWidth="1px" rounded="md" p="3">
          <Text id={`${id}-title`} fontWeight="medium" mb="1">
            {t('waitlist.title')}
          </Text>
          <Text textStyle="sm" color="fg.muted" mb="3">
            {t('waitlist.intro')}
          </Text>
          <Stack gap="3">
            <SelectField
              id={`${id}-asientos`}
              name={`${id}-asientos`}
              label={t('waitlist.seats')}
              options={Array.from({ length: MAX_SEATS }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
              value={store.form.values.asientos}
              onValue={(value) => store.form.set('asientos', value)}
              error={store.form.fieldError('asientos')}
            />
            {!store.signedIn && (
              <TextField
                id={`${id}-email`}
                name={`${id}-email`}
                type="email"
                autoComplete="email"
                label={t('waitlist.email')}
                value={store.form.values.email}
                onValue={(value) => store.form.set('email', value)}
                error={store.form.fieldError('email')}
                required
              />
            )}
            <ProblemAlert ref={alertRef} id={`${id}-problem`} problem={store.form.problem ?? undefined} />
            <HStack>
              <Button type="submit" colorPalette="brand" size="sm" loading={store.form.sending}>
                {t('waitlist.submit')}
              </Button>
            </HStack>
          </Stack>
        </chakra.form>
      )}
    </Box>
  );
});
