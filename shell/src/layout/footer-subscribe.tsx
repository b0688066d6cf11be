import { api, ApiError, useLiveForm, useTranslation } from '@rumbo/shared';
import { promotionsEndpoints } from '@rumbo/shared/contract';
import { Box, Button, chakra, Heading, Stack, Text } from '@rumbo/shared/ui';
import { useRef, useState, type FormEvent } from 'react';

type State = { status: 'idle' } | { status: 'sending' } | { status: 'sent'; correo: string } | { status: 'error'; key?: string; text?: string };

/**
 * The promotions subscription in the footer (`promotionsEndpoints.subscribe`, double opt-in: the
 * confirmation link arrives by mail). Plain controls, so every page does not load the form kit;
 * the address is checked by the API with the shared schema, its message shown in the user's language.
 * Usable from the server's markup: what is typed or sent before the footer has hydrated is handed
 * over once the form is live (`useLiveForm`; shell/src/early-input.ts).
 */
export function FooterSubscribe() {
  const { t } = useTranslation('shell');
  const formRef = useRef<HTMLFormElement>(null);
  useLiveForm(formRef);
  const [correo, setCorreo] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('correo') as HTMLInputElement;
    setState({ status: 'sending' });
    try {
      const answer = await api.call(promotionsEndpoints.subscribe, { correo });
      setState(answer ? { status: 'sent', correo: answer.correo } : { status: 'error', key: 'request.failed' });
      if (answer) setCorreo('');
    } catch (error) {
      setState(error instanceof ApiError ? { status: 'error', key: error.code, text: error.message } : { status: 'error', key: 'request.failed' });
      input.focus();
    }
  };

  const error =
    state.status === 'error' ? (state.key && t(state.key, { ns: 'validation', defaultValue: '' })) || state.text || '' : '';
  return (
    <Box as="section" aria-labelledby="footer-subscribe-title" mt="10" pt="8" borderTopWidth="1px" borderColor="brand.600">
      <Heading as="h2" id="footer-subscribe-title" size="sm" color="sun.300" textTransform="uppercase" letterSpacing="wider" mb="2">
        {t('footer.subscribe.title')}
      </Heading>
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="footer-subscribe-title">
        <Stack direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }} gap="3" maxW="2xl">
          <Box flex="1">
            <chakra.label htmlFor="footer-subscribe-correo" display="block" fontSize="sm" mb="1">
              {t('footer.subscribe.label')}
            </chakra.label>
            <chakra.input
              id="footer-subscribe-correo"
              name="correo"
              type="email"
              autoComplete="email"
              value={correo}
              onChange={(event) => setCorreo(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'footer-subscribe-error' : undefined}
              w="full"
              h="10"
              px="3"
              rounded="md"
              bg="white"
              color="gray.900"
              borderWidth="2px"
              borderColor={error ? 'red.300' : 'transparent'}
              _focusVisible={{ outline: '3px solid', outlineColor: 'sun.300', outlineOffset: '2px' }}
            />
          </Box>
          <Button type="submit" colorPalette="sun" loading={state.status === 'sending'} flexShrink={0}>
            {t('footer.subscribe.submit')}
          </Button>
        </Stack>
      </form>
      <Box aria-live="polite" mt="2" fontSize="sm">
        {error && (
          <Text id="footer-subscribe-error" color="sun.200" fontWeight="semibold">
            {error}
          </Text>
        )}
        {state.status === 'sent' && <Text data-testid="footer-subscribe-sent">{t('footer.subscribe.sent', { correo: state.correo })}</Text>}
      </Box>
    </Box>
  );
}
