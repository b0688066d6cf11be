import { useFormSubmit, useTranslation } from '@rumbo/shared';
import { Box, Button, chakra, HStack, List, Stack, Text } from '@rumbo/shared/ui';
import { CloseButton, Dialog, Portal } from '@rumbo/shared/ui/overlays';
import { observer } from 'mobx-react-lite';
import { FormAlert, TextField } from './form-fields';
import type { CloseAccountStore } from './privacy.store';

/** What closing the account does to each kind of record (api/src/privacy/close-account.ts; docs/decisions.md). */
const EFFECTS = {
  erased: ['profile', 'sessions', 'links', 'push', 'marketing'],
  anonymised: ['account', 'consents'],
  kept: ['sales', 'complaints', 'lost'],
} as const;

/** What closing the account does, shown before the customer confirms. */
function ClosingEffects() {
  const { t } = useTranslation('account');
  return (
    <Stack gap="3" data-testid="close-effects">
      {Object.entries(EFFECTS).map(([group, items]) => (
        <Box key={group}>
          <Text fontWeight="semibold">{t(`myData.effects.${group as keyof typeof EFFECTS}.title`)}</Text>
          <List.Root ps="5">
            {items.map((item) => (
              <List.Item key={item}>{t(`myData.effects.${group as keyof typeof EFFECTS}.${item}` as 'myData.effects.erased.profile')}</List.Item>
            ))}
          </List.Root>
        </Box>
      ))}
    </Stack>
  );
}

/** Issue 47: what closing does, then the password, or a code mailed to the account, that confirms it. */
const CloseAccountDialog = observer(function CloseAccountDialog({ store, returnFocus }: { store: CloseAccountStore; returnFocus: () => HTMLElement | null }) {
  const { t } = useTranslation('account');
  const { formRef, alertRef, focus, onSubmit } = useFormSubmit(() => store.confirm());
  return (
    <Dialog.Root open={store.open} onOpenChange={(details) => store.setOpen(details.open)} role="alertdialog" finalFocusEl={returnFocus}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <chakra.form ref={formRef} noValidate onSubmit={onSubmit}>
              <Dialog.Header>
                <Dialog.Title>{t('myData.dialogTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Dialog.Description>{t('myData.dialogText')}</Dialog.Description>
                  <ClosingEffects />
                  {store.mode === 'clave' ? (
                    <>
                      <FormAlert form={store.form} id="close" alertRef={alertRef} onPick={focus} />
                      <TextField form={store.form} id="close" name="clave" type="password" label={t('myData.password')} autoComplete="current-password" />
                      <Button type="button" variant="plain" alignSelf="start" px="0" textDecoration="underline" onClick={() => void store.sendCode().then(focus)} loading={store.codeForm.sending}>
                        {t('myData.useCode')}
                      </Button>
                    </>
                  ) : (
                    <>
                      <FormAlert form={store.codeForm} id="close-code" alertRef={alertRef} onPick={focus} />
                      <Box aria-live="polite">{store.codeSent && <Text data-testid="close-code-sent">{t('myData.codeSent')}</Text>}</Box>
                      <TextField form={store.codeForm} id="close-code" name="codigo" inputMode="numeric" label={t('myData.code')} autoComplete="one-time-code" />
                      <HStack gap="3" flexWrap="wrap">
                        <Button type="button" variant="plain" px="0" textDecoration="underline" onClick={() => void store.sendCode().then(focus)} loading={store.codeForm.sending}>
                          {t('myData.codeAgain')}
                        </Button>
                        <Button type="button" variant="plain" px="0" textDecoration="underline" onClick={() => store.usePassword()}>
                          {t('myData.usePassword')}
                        </Button>
                      </HStack>
                    </>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button type="button" variant="outline">
                    {t('myData.cancel')}
                  </Button>
                </Dialog.ActionTrigger>
                <Button type="submit" colorPalette="red" loading={store.form.sending}>
                  {t('myData.confirm')}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('myData.cancel')} />
              </Dialog.CloseTrigger>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
});

export default CloseAccountDialog;
