import { Box, Button, Heading, Stack, Text } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { useRef, useState, type FormEvent } from 'react';
import { useLiveForm, useTranslation } from '@rumbo/shared';
import { SubscriptionStore } from './subscription.store';
import { TextField } from '@rumbo/shared/ui/forms';

/** "Get our promotions": an e-mail field; the confirmation link arrives by mail (double opt-in). */
export const SubscribeForm = observer(function SubscribeForm({ id = 'subscribe' }: { id?: string }) {
  const { t } = useTranslation('content');
  const [store] = useState(() => new SubscriptionStore());
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useLiveForm(form);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await store.submit())) input.current?.focus();
  };
  return (
    <Box as="section" id={id} aria-labelledby={`${id}-title`} bg="sun.subtle" rounded="xl" p={{ base: '5', md: '8' }}>
      <Heading as="h2" id={`${id}-title`} size="lg" mb="1">
        {t('promotions.subscribe.title')}
      </Heading>
      <Text mb="4">{t('promotions.subscribe.lead')}</Text>
      <form ref={form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <Stack direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-start' }} gap="3" maxW="2xl">
          <TextField
            ref={input}
            id={`${id}-correo`}
            name="correo"
            type="email"
            autoComplete="email"
            label={t('promotions.subscribe.correo')}
            value={store.form.values.correo}
            onValue={(value) => store.set(value)}
            error={store.error}
            required
          />
          <Button type="submit" colorPalette="brand" mt={{ md: '6' }} loading={store.form.sending} flexShrink={0}>
            {t('promotions.subscribe.submit')}
          </Button>
        </Stack>
      </form>
      <Box aria-live="polite" mt="3">
        {store.sentTo && (
          <Text fontWeight="semibold" data-testid="subscribe-sent">
            {t('promotions.subscribe.sent', { correo: store.sentTo })}
          </Text>
        )}
      </Box>
    </Box>
  );
});
