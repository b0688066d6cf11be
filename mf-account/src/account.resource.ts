import { api } from '@rumbo/shared';
import { accountsEndpoints as rest, pointsEndpoints, priceAlertsEndpoints, privacyEndpoints, pushEndpoints, salesEndpoints, type RequestOf, disruptionsEndpoints } from '@rumbo/shared/contract';

/**
 * The accounts' calls of the contract (DECISIONS.md, Accounts and sessions). Each answers the
 * `data` of the answer, undefined on a network failure (or a 401/403), and throws the client's
 * `ApiError` for a refused request (400 with the field, 429...).
 */
export type Fields = Record<string, string | boolean>;

export const lookupAccount = (correo: string) => api.call(rest.accountLookup, { correo });
export const signInWithPassword = (body: RequestOf<typeof rest.passwordSignIn>) => api.call(rest.passwordSignIn, body);
export const requestCode = (email: string) => api.call(rest.otpRequest, { email, key: '4' });
export const validateCode = (email: string, key: string) => api.call(rest.otpValidate, { email, key, canal: 'WEB' });
export const signInWithGoogle = (credential: string) => api.call(rest.googleSignIn, { credential });
export const signInWithFacebook = (accessToken: string) => api.call(rest.facebookSignIn, { accessToken });
export const completeSocialSignUp = (body: RequestOf<typeof rest.socialSignUp>) => api.call(rest.socialSignUp, body);
export const signUp = (body: RequestOf<typeof rest.signUp>) => api.call(rest.signUp, body);
export const confirmEmail = (token: string) => api.call(rest.confirmEmail, { token });
export const checkDocument = (tipo_doc: string, num_doc: string) => api.call(rest.documentCheck, { tipo_doc, num_doc });
export const requestReset = (correo: string) => api.call(rest.resetRequest, { correo });
export const checkResetLink = (token: string) => api.call(rest.resetCheck, { token });
export const setNewPassword = (token: string, clave: string) => api.call(rest.newPassword, { token, clave });
export const confirmCopyEmail = (token: string) => api.call(rest.confirmCcEmail, { token });
export const fetchProfile = () => api.call(rest.profile);
export const saveProfile = (body: RequestOf<typeof rest.userData>) => api.call(rest.userData, body);
export const fetchTrips = () => api.call(salesEndpoints.myTrips);
export const fetchPoints = () => api.call(pointsEndpoints.points);
/** Issue 35: the customer's travel credit and its movements. */
export const fetchCredit = () => api.call(disruptionsEndpoints.credit);
export const fetchPointsRules = () => api.call(pointsEndpoints.pointsRulesSlash);
/** Issue 36: web push for every trip of the signed-in customer ("Notify me on this phone" in Mis viajes). */
export const pushKey = () => api.call(pushEndpoints.pushKey);
export const pushSubscribe = (body: RequestOf<typeof pushEndpoints.pushSubscribe>) => api.call(pushEndpoints.pushSubscribe, body);
/** Issue 47: consents per channel and purpose, the download of one's data, closing the account. */
export const fetchConsents = () => api.call(privacyEndpoints.consents);
export const changeConsent = (body: RequestOf<typeof privacyEndpoints.consentChange>) => api.call(privacyEndpoints.consentChange, body);
export const fetchMyData = () => api.call(privacyEndpoints.myData);
export const closeAccount = (body: RequestOf<typeof privacyEndpoints.closeAccount>) => api.call(privacyEndpoints.closeAccount, body);
/** Issue 47: a code that confirms closing the account, mailed to the account's address. */
export const closeAccountCode = () => api.call(privacyEndpoints.closeAccountCode);
export const closeAccountWithCode = (body: RequestOf<typeof privacyEndpoints.closeAccountWithCode>) => api.call(privacyEndpoints.closeAccountWithCode, body);
/** Issue 48 item 3: the customer's price alerts (created on step 1), listed and deleted here. */
export const fetchPriceAlerts = () => api.call(priceAlertsEndpoints.priceAlertList);
export const deletePriceAlert = (calerta: number) => api.call(priceAlertsEndpoints.priceAlertDelete, { calerta });
/** Issue 48: the account's mobile for WhatsApp, confirmed by a code sent to it by WhatsApp. */
export const fetchWhatsAppPhone = () => api.call(privacyEndpoints.whatsappPhone);
export const whatsappPhoneCode = () => api.call(privacyEndpoints.whatsappPhoneCode);
export const confirmWhatsAppPhone = (body: RequestOf<typeof privacyEndpoints.whatsappPhoneConfirm>) => api.call(privacyEndpoints.whatsappPhoneConfirm, body);
