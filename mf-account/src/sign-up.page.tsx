import { Link, messageText, useTranslation, useFormSubmit } from '@rumbo/shared';
import { Button, chakra, SimpleGrid, Spinner, Stack, Text } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { FormAlert, Notice, TextField } from './form-fields';
import { DocumentFields, PersonFields } from './identity-fields';
import { PageFrame } from './page-frame';
import { SignUpStore } from './sign-up.store';
import { TermsField } from './terms-field';

const Confirmation = observer(function Confirmation({ store }: { store: SignUpStore }) {
  const { t } = useTranslation('account');
  const confirmation = store.confirmation!;
  const cc = confirmation.kind === 'cc';
  if (confirmation.state === 'confirming') {
    return (
      <PageFrame title={t('signUp.heading')}>
        <Text role="status">
          <Spinner size="sm" me="2" />
          {t(cc ? 'signUp.ccConfirming' : 'signUp.confirming')}
        </Text>
      </PageFrame>
    );
  }
  if (confirmation.state === 'failed') {
    return (
      <PageFrame title={t(cc ? 'signUp.ccConfirmFailed' : 'signUp.confirmFailed')}>
        <Notice status="error" title={messageText(t, confirmation.message)} />
        <Link to="/login" color="brand.fg" textDecoration="underline">
          {t('signUp.goSignIn')}
        </Link>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t(cc ? 'signUp.ccConfirmed' : 'signUp.confirmed')}>
      <Notice title={t(cc ? 'signUp.ccConfirmedBody' : 'signUp.confirmedBody', { email: confirmation.correo })} />
      <Link to="/login" color="brand.fg" textDecoration="underline" fontWeight="semibold">
        {t('signUp.goSignIn')}
      </Link>
    </PageFrame>
  );
});

/** `/cuenta/registro`: sign-up; opened from the e-mailed link (`?confirmar=`), it confirms the address; from a CC address's link (`?confirmar_cc=`), that one. */
export const SignUpPage = observer(function SignUpPage({ store: given }: { store?: SignUpStore }) {
  const { t } = useTranslation('account');
  const [store] = useState(() => given ?? new SignUpStore());
  const { formRef, alertRef, focus, onSubmit } = useFormSubmit(() => store.submit());
  const form = store.form;

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const token = params.get('confirmar');
    const ccToken = params.get('confirmar_cc');
    if (token) void store.confirm(token);
    else if (ccToken) void store.confirm(ccToken, 'cc');
  }, [store]);

  if (store.confirmation) return <Confirmation store={store} />;

  if (store.sentTo) {
    return (
      <PageFrame title={t('signUp.sent')}>
        <Notice title={t('signUp.sentBody', { email: store.sentTo })} />
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t('signUp.heading')} intro={t('signUp.intro')} wide>
      <chakra.form ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack gap="5">
          <FormAlert form={form} id="signup" alertRef={alertRef} onPick={focus} />
          <Text textStyle="sm">{t('required')}</Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <DocumentFields form={form} id="signup" onNumberBlur={() => void store.checkDocument()} />
            <PersonFields form={form} id="signup" />
            <TextField form={form} id="signup" name="correo" type="email" label={t('fields.correo')} autoComplete="email" onBlur={() => void store.checkEmail()} />
            <TextField form={form} id="signup" name="clave" type="password" label={t('fields.clave')} autoComplete="new-password" hint={t('hints.clave')} />
          </SimpleGrid>
          {store.existingEmail && (
            <Text role="status">
              {t('signUp.existing')}{' '}
              <Link to="/login" color="brand.fg" textDecoration="underline">
                {t('signUp.signIn')}
              </Link>
            </Text>
          )}
          <TermsField form={form} id="signup" />
          <Button type="submit" colorPalette="brand" loading={form.sending} alignSelf="start">
            {t('signUp.submit')}
          </Button>
          <Text>
            {t('signUp.haveAccount')}{' '}
            <Link to="/login" color="brand.fg" textDecoration="underline">
              {t('signUp.signIn')}
            </Link>
          </Text>
        </Stack>
      </chakra.form>
    </PageFrame>
  );
});
