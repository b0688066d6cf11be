import { currentLanguage, getConfig, Link, session, useHydrated, useRouteData, useTranslation, useFormSubmit } from '@rumbo/shared';
import { Box, Button, chakra, HStack, Separator, SimpleGrid, Stack, Text } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { FormAlert, Notice, TextField } from './form-fields';
import { DocumentFields, PersonFields } from './identity-fields';
import { LoginStore } from './login.store';
import { returnPath } from './navigation';
import { PageFrame } from './page-frame';
import { facebookAccessToken, renderGoogleButton } from './social-providers';
import { TermsField } from './terms-field';

const PasswordForm = observer(function PasswordForm({ store }: { store: LoginStore }) {
  const { t } = useTranslation('account');
  const form = store.password;
  const { formRef, alertRef, onSubmit, focus: pick } = useFormSubmit(() => store.signInWithPassword());
  return (
    <chakra.form ref={formRef} noValidate onSubmit={onSubmit} aria-label={t('login.withPassword')}>
      <Stack gap="4">
        <FormAlert form={form} id="login" alertRef={alertRef} onPick={pick} />
        <TextField form={form} id="login" name="correo" type="email" label={t('fields.correo')} autoComplete="username" onBlur={() => void store.lookup()} />
        {store.unknownEmail && (
          <Text textStyle="sm" role="status">
            {t('login.unknownEmail')}{' '}
            <Link to="/cuenta/registro" color="brand.fg" textDecoration="underline">
              {t('login.signUp')}
            </Link>
          </Text>
        )}
        <TextField form={form} id="login" name="clave" type="password" label={t('fields.clave')} autoComplete="current-password" />
        <Button type="submit" colorPalette="brand" loading={form.sending}>
          {t('login.submit')}
        </Button>
        <Link to="/cuenta/recuperar" color="brand.fg" textDecoration="underline" alignSelf="start">
          {t('login.forgot')}
        </Link>
      </Stack>
    </chakra.form>
  );
});

const CodeForm = observer(function CodeForm({ store }: { store: LoginStore }) {
  const { t } = useTranslation('account');
  const form = store.code;
  const sentTo = store.codeSentTo;
  const { formRef, alertRef, onSubmit, focus: pick } = useFormSubmit(() => (sentTo ? store.validateCode() : store.requestCode()));
  return (
    <chakra.form ref={formRef} noValidate onSubmit={onSubmit} aria-label={t('login.withCode')}>
      <Stack gap="4">
        <FormAlert form={form} id="code" alertRef={alertRef} onPick={pick} />
        {sentTo ? (
          <>
            <Notice status="info" title={t('login.codeSent', { email: sentTo })} />
            <TextField
              form={form}
              id="code"
              name="key"
              label={t('fields.codigo')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
            <Button type="submit" colorPalette="brand" loading={form.sending}>
              {t('login.enterCode')}
            </Button>
            <HStack gap="3" wrap="wrap">
              <Button type="button" variant="outline" size="sm" onClick={() => void store.requestCode().then((target) => target === 'alert' && pick('alert'))}>
                {t('login.resendCode')}
              </Button>
              <Button type="button" variant="ghost" size="sm" onClick={() => store.changeCodeEmail()}>
                {t('login.changeEmail')}
              </Button>
            </HStack>
          </>
        ) : (
          <>
            <Text>{t('login.codeIntro')}</Text>
            <TextField form={form} id="code" name="email" type="email" label={t('fields.correo')} autoComplete="email" />
            <Button type="submit" colorPalette="brand" loading={form.sending}>
              {t('login.sendCode')}
            </Button>
          </>
        )}
      </Stack>
    </chakra.form>
  );
});

type ButtonState = 'loading' | 'ready' | 'failed';

/** Google's own button (rendered by its script) when the runtime config has a client id. */
function GoogleButton({ store, clientId }: { store: LoginStore; clientId: string }) {
  const { t, i18n } = useTranslation('account');
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ButtonState>('loading');
  useEffect(() => {
    if (!holder.current || !clientId) return;
    renderGoogleButton(holder.current, clientId, i18n.language, (credential) => void store.signInWithGoogle(credential))
      .then(() => setState('ready'))
      .catch(() => setState('failed'));
  }, [clientId, i18n.language, store]);
  return (
    <Box>
      <div ref={holder} />
      {state === 'loading' && <Text textStyle="sm">{t('login.socialLoading', { provider: 'Google' })}</Text>}
      {state === 'failed' && (
        <Text textStyle="sm" role="status">
          {t('login.socialFailed', { provider: 'Google' })}
        </Text>
      )}
    </Box>
  );
}

function FacebookButton({ store, appId }: { store: LoginStore; appId: string }) {
  const { t } = useTranslation('account');
  const [busy, setBusy] = useState(false);
  const signIn = async () => {
    setBusy(true);
    try {
      const token = await facebookAccessToken(appId, currentLanguage());
      if (token) await store.signInWithFacebook(token);
    } catch {
      store.providerFailed('account:login.facebookFailed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="outline" onClick={() => void signIn()} loading={busy}>
      {t('login.facebook')}
    </Button>
  );
}

/** The sign-in page's route data (`routes.tsx`): the sign-in buttons the runtime config named when the server rendered it. */
export interface LoginData {
  signInProviders: string[];
}

/**
 * Which sign-in buttons show: those of the runtime config, but while the page hydrates those the
 * server rendered its HTML with (its route data), so it hydrates what the HTML shows even if
 * `config.json` changed since.
 */
function useProviders(): { google: boolean; facebook: boolean; googleClientId: string; facebookAppId: string } {
  const hydrated = useHydrated();
  const { googleClientId = '', facebookAppId = '' } = getConfig();
  const fromServer = useRouteData<LoginData>()?.signInProviders;
  if (!hydrated && fromServer) {
    return { google: fromServer.includes('google'), facebook: fromServer.includes('facebook'), googleClientId, facebookAppId };
  }
  return { google: Boolean(googleClientId), facebook: Boolean(facebookAppId), googleClientId, facebookAppId };
}

const Providers = observer(function Providers({ store }: { store: LoginStore }) {
  const { t } = useTranslation('account');
  const alertRef = useRef<HTMLDivElement>(null);
  const { google, facebook, googleClientId, facebookAppId } = useProviders();
  if (!google && !facebook) return null;
  return (
    <Stack gap="3" as="section" aria-labelledby="login-providers">
      <HStack gap="3">
        <Separator flex="1" />
        <Text id="login-providers" textStyle="sm" color="fg.muted">
          {t('login.or')}
        </Text>
        <Separator flex="1" />
      </HStack>
      <FormAlert form={store.providers} id="providers" alertRef={alertRef} onPick={() => undefined} />
      {google && <GoogleButton store={store} clientId={googleClientId} />}
      {facebook && <FacebookButton store={store} appId={facebookAppId} />}
    </Stack>
  );
});

/** The first Google or Facebook sign-in: the identity data the provider does not give, once. */
const SocialSignUp = observer(function SocialSignUp({ store }: { store: LoginStore }) {
  const { t } = useTranslation('account');
  const form = store.social;
  const { formRef, alertRef, onSubmit, focus: pick } = useFormSubmit(() => store.completeSocialSignUp());
  return (
    <PageFrame title={t('social.heading')} intro={t('social.intro', { email: store.pending?.perfil.correo })} wide>
      <chakra.form ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack gap="5">
          <FormAlert form={form} id="social" alertRef={alertRef} onPick={pick} />
          <Text textStyle="sm">{t('required')}</Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <DocumentFields form={form} id="social" />
            <PersonFields form={form} id="social" />
          </SimpleGrid>
          <TermsField form={form} id="social" />
          <Button type="submit" colorPalette="brand" loading={form.sending} alignSelf="start">
            {t('social.submit')}
          </Button>
        </Stack>
      </chakra.form>
    </PageFrame>
  );
});

/** `/login` (spec §2): password, one-time code, Google, Facebook; then back to `pathname`. */
export const LoginPage = observer(function LoginPage({ store: given }: { store?: LoginStore }) {
  const { t } = useTranslation('account');
  const [store] = useState(() => given ?? new LoginStore());
  const done = store.signedIn || session.isSignedIn;

  useEffect(() => {
    if (done) navigateToUrl(returnPath(window.location.search));
  }, [done]);

  if (store.pending && !store.signedIn) return <SocialSignUp store={store} />;

  return (
    <PageFrame title={t('login.heading')} intro={t('login.intro')}>
      <HStack role="group" aria-label={t('login.methods')} gap="2" wrap="wrap">
        {(['password', 'code'] as const).map((mode) => (
          <Button
            key={mode}
            type="button"
            size="sm"
            colorPalette="brand"
            variant={store.mode === mode ? 'solid' : 'outline'}
            aria-pressed={store.mode === mode}
            onClick={() => store.setMode(mode)}
          >
            {t(mode === 'password' ? 'login.withPassword' : 'login.withCode')}
          </Button>
        ))}
      </HStack>
      {store.mode === 'password' ? <PasswordForm store={store} /> : <CodeForm store={store} />}
      <Providers store={store} />
      <Text>
        {t('login.noAccount')}{' '}
        <Link to="/cuenta/registro" color="brand.fg" textDecoration="underline">
          {t('login.signUp')}
        </Link>
      </Text>
    </PageFrame>
  );
});
