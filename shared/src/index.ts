export { ApiClient, ApiError, type ApiDeps } from './api';
export { endGuestPurchase, heldSeats, type HeldSeat } from './booking';
export { configure, getConfig, type RuntimeConfig } from './config';
export type { OperatorData } from './contracts';
export { SALES_CHANNEL, SEAT_STATE } from './constants';
export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  addTranslations,
  currentLanguage,
  i18n,
  initI18n,
  setLanguage,
  type Language,
} from './i18n';
export { Link, type LinkProps } from './link';
export { commonTexts } from './locales';
export { PREFETCH_MARGIN, prefetchRoute, setRoutePrefetcher } from './prefetch';
export { createRemoteApp, type RemoteAppOptions } from './remote';
export {
  DEFAULT_SESSION_MS,
  SessionStore,
  customerFromUserData,
  expiryOf,
  firstNameOf,
  type Customer,
  type StoredSession,
  type UserData,
} from './session.store';
export {
  STORAGE_KEYS,
  decodeBase64Json,
  encodeBase64Json,
  languageKey,
  readCookie,
  readJson,
  writeJson,
} from './storage';
export { BREAKPOINTS, system } from './theme';
export { api, loadOperator, session } from './singletons';
