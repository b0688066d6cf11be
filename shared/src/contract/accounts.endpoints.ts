import * as v from 'valibot';
import {
  AccountCustomerAnswer,
  AccountLookupAnswer,
  AccountProfileAnswer,
  SignedInAnswer,
  SocialSignInResultAnswer,
} from '../schemas/account.answers';
import {
  AccountLookupSchema,
  DocumentCheckSchema,
  FacebookSignInSchema,
  GoogleSignInSchema,
  LinkTokenSchema,
  NewPasswordSchema,
  OtpRequestSchema,
  OtpValidateSchema,
  PasswordSignInSchema,
  ProfileSchema,
  ResetRequestSchema,
  SignUpSchema,
  SocialSignUpSchema,
} from '../schemas/account.schema';
import { endpoint } from './endpoint';

const owner = 'accounts';
/** The answer of a call that only mails something (a code, a link). */
export const SentAnswer = v.object({ enviado: v.literal(true) });
const Email = v.object({ correo: v.string() });

export const accountsEndpoints = {
  accountLookup: endpoint({ method: 'POST', path: '/rest/user/cuenta', module: owner, summary: 'Whether an e-mail has an account and how it signs in', body: AccountLookupSchema, answer: AccountLookupAnswer, session: 'none', noStore: true }),
  passwordSignIn: endpoint({
    method: 'POST', path: '/rest/login/verificar', module: owner, summary: 'Sign in with e-mail and password', body: PasswordSignInSchema, answer: SignedInAnswer, session: 'none', noStore: true,
    errors: { 400: ['account.login.invalid', 'account.login.unconfirmed'] },
  }),
  otpRequest: endpoint({ method: 'POST', path: '/rest/otp/request', module: owner, summary: 'Mail a sign-in code', body: OtpRequestSchema, answer: SentAnswer, status: 202, session: 'none', errors: { 400: ['request.invalid'] } }),
  otpValidate: endpoint({ method: 'POST', path: '/rest/otp/validate', module: owner, summary: 'Sign in with a mailed code', body: OtpValidateSchema, answer: SignedInAnswer, session: 'none', noStore: true, errors: { 400: ['account.otp.invalid'] } }),
  googleSignIn: endpoint({
    method: 'POST', path: '/rest/login/token', module: owner, summary: 'Sign in with a Google credential', body: GoogleSignInSchema, answer: SocialSignInResultAnswer, session: 'none', noStore: true,
    errors: { 400: ['account.social.unavailable', 'account.social.invalid', 'account.social.noEmail', 'account.social.otherIdentity'] },
  }),
  facebookSignIn: endpoint({
    method: 'POST', path: '/rest/usuario/registrar/fb', module: owner, summary: 'Sign in with a Facebook access token', body: FacebookSignInSchema, answer: SocialSignInResultAnswer, session: 'none', noStore: true,
    errors: { 400: ['account.social.unavailable', 'account.social.invalid', 'account.social.noEmail', 'account.social.otherIdentity'] },
  }),
  socialSignUp: endpoint({
    method: 'POST', path: '/rest/login/registrar', module: owner, summary: 'Complete the identity of a first social sign-in', body: SocialSignUpSchema, answer: SignedInAnswer, status: 201, session: 'none', noStore: true,
    errors: { 400: ['account.registro.invalid', 'account.num_doc.taken'] },
  }),
  signUp: endpoint({ method: 'POST', path: '/rest/usuario/registrar', module: owner, summary: 'Sign up; mails the confirmation link', body: SignUpSchema, answer: SentAnswer, status: 202, session: 'none', errors: { 400: ['account.num_doc.taken', 'request.invalid'] } }),
  confirmEmail: endpoint({ method: 'POST', path: '/rest/usuario/confirmar', module: owner, summary: 'Follow the sign-up confirmation link', body: LinkTokenSchema, answer: Email, session: 'none', noStore: true, errors: { 400: ['account.link.invalid'] } }),
  documentCheck: endpoint({ method: 'POST', path: '/rest/usuario/verificar', module: owner, summary: 'Whether a document is free for a new account', body: DocumentCheckSchema, answer: v.object({ disponible: v.boolean() }), session: 'none', noStore: true }),
  resetRequest: endpoint({ method: 'POST', path: '/rest/usuario/recuperar', module: owner, summary: 'Mail a password reset link', body: ResetRequestSchema, answer: SentAnswer, status: 202, session: 'none', errors: { 400: ['request.invalid'] } }),
  resetCheck: endpoint({ method: 'POST', path: '/rest/usuario/validar', module: owner, summary: 'Whether a reset link still works', body: LinkTokenSchema, answer: Email, session: 'none', noStore: true, errors: { 400: ['account.link.invalid'] } }),
  newPassword: endpoint({ method: 'POST', path: '/rest/usuario/password', module: owner, summary: 'Set a new password through a reset link', body: NewPasswordSchema, answer: Email, session: 'none', noStore: true, errors: { 400: ['account.link.invalid'] } }),
  userData: endpoint({
    method: 'POST', path: '/rest/user/editar', module: owner, summary: "The customer's data; with a profile in the body, saves it first", body: ProfileSchema, optionalBody: true, answer: AccountCustomerAnswer, session: 'required', noStore: true,
    errors: { 400: ['account.num_doc.taken', 'request.invalid'] },
  }),
  logout: endpoint({ method: 'POST', path: '/rest/user/logout', module: owner, summary: 'End this session', status: 204, session: 'required', noStore: true }),
  logoutEverywhere: endpoint({ method: 'POST', path: '/rest/user/logout/todas', module: owner, summary: 'End every session of the customer', status: 204, session: 'required', noStore: true }),
  confirmCcEmail: endpoint({ method: 'POST', path: '/rest/user/cc/confirmar', module: owner, summary: 'Prove a CC address through its mailed link', body: LinkTokenSchema, answer: v.object({ correo_cc: v.string() }), session: 'none', noStore: true, errors: { 400: ['account.link.invalid'] } }),
  profile: endpoint({ method: 'GET', path: '/rest/user/perfil', module: owner, summary: "The customer's profile with the CC address", answer: AccountProfileAnswer, session: 'required', noStore: true }),
} as const;
