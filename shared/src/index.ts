export { ApiClient, ApiError, endpointUrl, type ApiDeps, type CallAnswer } from './api';
export { TRIP_SEARCH_SLOT, TRIP_SEARCH_TO_SLOT, endGuestPurchase, heldSeats, type HeldSeat } from './booking';
export { clock, setClock, type Now } from './clock';
export { saveFile } from './save-file';
export { configure, getConfig, type RuntimeConfig } from './config';
export type { OperatorData } from './contracts';
export { SALES_CHANNEL, SEAT_STATE } from './constants';
export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  addValidationMessages,
  bundledSpanish,
  currentLanguage,
  i18n,
  initI18n,
  registerTexts,
  setLanguage,
  type Language,
  type PackageTexts,
} from './i18n';
// react-i18next is not a federated module of its own (a shared module is never tree-shaken: the
// site would ship all of it); shell and remotes take its hook from here, with the one i18n instance.
export { useTranslation } from 'react-i18next';
export { dateTimeFormat, numberFormat } from './intl';
export { firstIssues, fromError, messageText, type FormMessage } from './form-message';
export { ALERT, FormState, fieldIds, focusField, useFocusAfterSubmit, useFormSubmit, useLiveForm, type FieldMessage, type FocusTarget, type FormStateOptions, type Outcome } from './form-state';
export { Link, type LinkProps } from './link';
export { currentPathname, loginPath, useHydrated } from './location';
export { namedPartMarkup } from './page-data';
export { RouteDataProvider, answerIn, answerOf, renderedData, useRouteData, type LoaderContext, type RouteRow, type ServerAnswer } from './route-data';
export { ISLAND_DIRECTIVES, NAMED_PARTS, PAINT, type IslandDirective, type NamedPart, type PartInput, type PartPlace, type RemoteRenderer, type RenderInput, type RenderResult, type ShellRenderer, type ShellResult } from './paint';
export { routedByRows, type Routers } from './url-router';
export { inViewPart } from './hydration';
export { prefetchRoute, prefetchShared, setRoutePrefetcher, setSharedPrefetcher, type OnDemandShared } from './prefetch';
export { InTransition, RemoteRoot, createHydratable, createRemoteApp, hydrateOrDraw, hydratesHere, markLive, type HydratableOptions, type RemoteAppOptions } from './remote';
export { loadRemoteModule, setRemoteModuleLoader } from './remote-module';
export { PushOptInStore, webPushBrowser, type PushBrowser, type PushOptInDeps } from './push-opt-in';
export { SessionStore, type Customer, type StoredSession, type UserData } from './session.store';
export { POSTPONE_STORAGE_PREFIX, STORAGE_KEYS, encodeBase64Json, languageKey, readJson } from './storage';
export { BREAKPOINTS, getSystem } from './theme';
export { api, session } from './singletons';
export { customerFromUserData, firstNameOf } from './session.store';
export { useAnswer } from './use-answer';
export { WhenIdle, onIdle, type Schedule } from './when-idle';
