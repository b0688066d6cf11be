import { api } from '@rumbo/shared';
import type {
  AccountCustomer,
  AccountLookup,
  AccountPoints,
  AccountProfile,
  AccountTrips,
  PointsRules,
  SignedIn,
  SocialSignInResult,
} from '@rumbo/shared/schemas';

/**
 * The accounts' `/rest` calls (DECISIONS.md, Accounts and sessions). Each answers the `data` of
 * the answer, undefined on a network failure (or a 401/403), and throws the client's `ApiError`
 * for a refused request (400 with the field, 429...).
 */
export type Fields = Record<string, string | boolean>;

export const lookupAccount = (correo: string) => api.post<AccountLookup>('/rest/user/cuenta', { correo });
export const signInWithPassword = (body: Fields) => api.post<SignedIn>('/rest/login/verificar', body);
export const requestCode = (email: string) => api.post<{ enviado: boolean }>('/rest/otp/request', { email, key: '4' });
export const validateCode = (email: string, key: string) => api.post<SignedIn>('/rest/otp/validate', { email, key, canal: 'WEB' });
export const signInWithGoogle = (credential: string) => api.post<SocialSignInResult>('/rest/login/token', { credential });
export const signInWithFacebook = (accessToken: string) => api.post<SocialSignInResult>('/rest/usuario/registrar/fb', { accessToken });
export const completeSocialSignUp = (body: Fields) => api.post<SignedIn>('/rest/login/registrar', body);
export const signUp = (body: Fields) => api.post<{ enviado: boolean }>('/rest/usuario/registrar', body);
export const confirmEmail = (token: string) => api.post<{ correo: string }>('/rest/usuario/confirmar', { token });
export const checkDocument = (tipo_doc: string, num_doc: string) => api.post<{ disponible: boolean }>('/rest/usuario/verificar', { tipo_doc, num_doc });
export const requestReset = (correo: string) => api.post<{ enviado: boolean }>('/rest/usuario/recuperar', { correo });
export const checkResetLink = (token: string) => api.post<{ correo: string }>('/rest/usuario/validar', { token });
export const setNewPassword = (token: string, clave: string) => api.post<{ correo: string }>('/rest/usuario/password', { token, clave });
export const confirmCopyEmail = (token: string) => api.post<{ correo_cc: string }>('/rest/user/cc/confirmar', { token });
export const fetchProfile = () => api.get<AccountProfile>('/rest/user/perfil');
export const saveProfile = (body: Fields) => api.post<AccountCustomer>('/rest/user/editar', body);
export const fetchTrips = () => api.get<AccountTrips>('/rest/user/viajes');
export const fetchPoints = () => api.get<AccountPoints>('/rest/user/puntos');
export const fetchPointsRules = () => api.get<PointsRules>('/rest/informacion/pasajes/');
