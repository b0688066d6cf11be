/**
 * The providers' own browser SDKs, loaded only when the runtime config names the provider and
 * the sign-in page is open: Google Identity Services (renders its button, hands back an ID token)
 * and the Facebook JavaScript SDK (opens its dialog, hands back a user access token). The API
 * verifies both tokens; nothing here is trusted.
 */

interface GoogleId {
  initialize(options: { client_id: string; callback: (response: { credential?: string }) => void; ux_mode?: 'popup' }): void;
  renderButton(element: HTMLElement, options: Record<string, string | number>): void;
}

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(callback: (response: { authResponse?: { accessToken?: string } | null }) => void, options: { scope: string }): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

const loading = new Map<string, Promise<void>>();

/** Adds a script once; resolves when it has run. */
export function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

export const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
export const FACEBOOK_API_VERSION = 'v21.0';

/** Renders Google's button into `element`; `onCredential` receives the ID token. */
export async function renderGoogleButton(
  element: HTMLElement,
  clientId: string,
  language: string,
  onCredential: (credential: string) => void,
): Promise<void> {
  await loadScript(GOOGLE_SCRIPT);
  const id = window.google?.accounts?.id;
  if (!id) throw new Error('Google Identity Services did not start');
  id.initialize({
    client_id: clientId,
    ux_mode: 'popup',
    callback: (response) => {
      if (response.credential) onCredential(response.credential);
    },
  });
  id.renderButton(element, { type: 'standard', theme: 'outline', size: 'large', text: 'continue_with', locale: language.slice(0, 2), width: 280 });
}

let facebookReady: Promise<FacebookSdk> | undefined;

function loadFacebook(appId: string, language: string): Promise<FacebookSdk> {
  facebookReady ??= new Promise<FacebookSdk>((resolve, reject) => {
    window.fbAsyncInit = () => {
      window.FB!.init({ appId, version: FACEBOOK_API_VERSION, cookie: false, xfbml: false });
      resolve(window.FB!);
    };
    const locale = language.startsWith('en') ? 'en_US' : 'es_LA';
    loadScript(`https://connect.facebook.net/${locale}/sdk.js`).catch((error: unknown) => {
      facebookReady = undefined;
      reject(error);
    });
  });
  return facebookReady;
}

/** Opens Facebook's sign-in dialog; the user access token, or null when the customer closed it. */
export async function facebookAccessToken(appId: string, language: string): Promise<string | null> {
  const sdk = await loadFacebook(appId, language);
  return new Promise((resolve) => {
    sdk.login((response) => resolve(response.authResponse?.accessToken ?? null), { scope: 'email,public_profile' });
  });
}
