import { ApiClient } from './api';
import { currentLanguage } from './i18n';
import { SessionStore } from './session.store';

/** The site's session store: one instance for the shell and every remote. */
export const session: SessionStore = new SessionStore(globalThis.localStorage, () => api);

/** The site's `/rest` client. */
export const api: ApiClient = new ApiClient({ token: () => session.token, language: currentLanguage });
