import { Link, messageText, useTranslation, useFormSubmit } from '@rumbo/shared';
import { Button, chakra, Spinner, Stack, Text } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { FormAlert, Notice, TextField } from './form-fields';
import { PageFrame } from './page-frame';
import { RecoverStore } from './recover.store';

const RequestLink = observer(function RequestLink({ store }: { store: RecoverStore }) {
  const { t } = useTranslation('account');
  const { formRef, alertRef, focus, onSubmit } = useFormSubmit(() => store.requestLink());
  if (store.sentTo) {
    return (
      <PageFrame title={t('recover.sent')}>
        <Notice title={t('recover.sentBody', { email: store.sentTo })} />
        <Link to="/login" color="brand.fg" textDecoration="underline">
          {t('recover.backToLogin')}
        </Link>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('recover.heading')} intro={t('recover.intro')}>
      <chakra.form ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack gap="4">
          <FormAlert form={store.request} id="recover" alertRef={alertRef} onPick={focus} />
          <TextField form={store.request} id="recover" name="correo" type="email" label={t('fields.correo')} autoComplete="email" />
          <Button type="submit" colorPalette="brand" loading={store.request.sending}>
            {t('recover.submit')}
          </Button>
          <Link to="/login" color="brand.fg" textDecoration="underline">
            {t('recover.backToLogin')}
          </Link>
        </Stack>
      </chakra.form>
    </PageFrame>
  );
});

const NewPassword = observer(function NewPassword({ store }: { store: RecoverStore }) {
  const { t } = useTranslation('account');
  const { formRef, alertRef, focus, onSubmit } = useFormSubmit(() => store.save());
  const link = store.link!;
  if (link.state === 'checking') {
    return (
      <PageFrame title={t('recover.newHeading')}>
        <Text role="status">
          <Spinner size="sm" me="2" />
          {t('recover.checking')}
        </Text>
      </PageFrame>
    );
  }
  if (link.state === 'invalid') {
    return (
      <PageFrame title={t('recover.invalid')}>
        <Notice status="error" title={messageText(t, link.message)} />
        <Link to="/cuenta/recuperar" color="brand.fg" textDecoration="underline" onClick={() => store.forget()}>
          {t('recover.askAgain')}
        </Link>
      </PageFrame>
    );
  }
  if (link.state === 'saved') {
    return (
      <PageFrame title={t('recover.saved')}>
        <Notice title={t('recover.savedBody')} />
        <Link to="/login" color="brand.fg" textDecoration="underline" fontWeight="semibold">
          {t('recover.backToLogin')}
        </Link>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('recover.newHeading')} intro={t('recover.newIntro', { email: link.correo })}>
      <chakra.form ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack gap="4">
          <FormAlert form={store.reset} id="reset" alertRef={alertRef} onPick={focus} />
          {/* The account's e-mail, so password managers file the new password under it. */}
          <input type="email" name="username" autoComplete="username" value={link.correo} readOnly hidden />
          <TextField form={store.reset} id="reset" name="clave" type="password" label={t('fields.clave')} autoComplete="new-password" hint={t('hints.clave')} />
          <Button type="submit" colorPalette="brand" loading={store.reset.sending}>
            {t('recover.save')}
          </Button>
        </Stack>
      </chakra.form>
    </PageFrame>
  );
});

/** `/cuenta/recuperar`: ask for a reset link; opened from the link (`?token=`), choose a new password. */
export const RecoverPage = observer(function RecoverPage({ store: given }: { store?: RecoverStore }) {
  const [store] = useState(() => given ?? new RecoverStore());
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token');
    if (token) void store.openLink(token);
  }, [store]);
  return store.link ? <NewPassword store={store} /> : <RequestLink store={store} />;
});
