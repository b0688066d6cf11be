import { FormState, type FocusTarget } from '@rumbo/shared';
import {
  AccountLookupSchema,
  OtpRequestSchema,
  OtpValidateSchema,
  PasswordSignInSchema,
  SocialSignUpSchema,
  type AccountLookup,
  type SignedIn,
  type SocialSignInResult,
  type SocialSignUpNeeded,
} from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import * as v from 'valibot';
import * as resource from './account.resource';
import { ACCOUNT_FORM } from './account-form';
import { BLANK_IDENTITY } from './identity-fields';
import { startSession } from './navigation';

export type LoginMode = 'password' | 'code';

export interface LoginDeps {
  lookupAccount: (correo: string) => Promise<AccountLookup | undefined>;
  signInWithPassword: typeof resource.signInWithPassword;
  requestCode: (email: string) => Promise<{ enviado: boolean } | undefined>;
  validateCode: (email: string, key: string) => Promise<SignedIn | undefined>;
  signInWithGoogle: (credential: string) => Promise<SocialSignInResult | undefined>;
  signInWithFacebook: (accessToken: string) => Promise<SocialSignInResult | undefined>;
  completeSocialSignUp: typeof resource.completeSocialSignUp;
  /** Stores the session (the shared session store). */
  startSession: (signedIn: SignedIn) => void;
}

/**
 * `/login`: the four ways in (password, one-time code, Google, Facebook) and the one-time
 * completion of a first social sign-in. `signedIn` turns true once a session is stored; the page
 * then leaves for `pathname`.
 */
export class LoginStore {
  mode: LoginMode = 'password';
  readonly password = new FormState({ correo: '', clave: '' }, ACCOUNT_FORM);
  readonly code = new FormState({ email: '', key: '' }, ACCOUNT_FORM);
  /** The address a code was sent to: the form then asks for the code. */
  codeSentTo: string | null = null;
  /** `accountLookup` said this address has no account (the only call that may say so). */
  unknownEmail: string | null = null;
  /** Failures of the provider buttons. */
  readonly providers = new FormState({}, ACCOUNT_FORM);
  /** A first Google or Facebook sign-in that still needs the identity data. */
  pending: SocialSignUpNeeded | null = null;
  readonly social = new FormState({ ...BLANK_IDENTITY, registro: '', terminos: false as boolean }, ACCOUNT_FORM);
  signedIn = false;
  private readonly deps: LoginDeps;

  constructor(deps: Partial<LoginDeps> = {}) {
    this.deps = { ...resource, startSession, ...deps };
    makeAutoObservable<LoginStore, 'deps'>(this, { deps: false });
  }

  setMode(mode: LoginMode): void {
    this.mode = mode;
    // The address typed in one form follows to the other.
    if (mode === 'code' && !this.code.values.email) this.code.set('email', this.password.values.correo);
    if (mode === 'password' && !this.password.values.correo) this.password.set('correo', this.code.values.email);
  }

  /** After the e-mail is typed: says when it has no account, so the customer can sign up instead. */
  async lookup(): Promise<void> {
    const parsed = v.safeParse(AccountLookupSchema, { correo: this.password.values.correo });
    if (!parsed.success) return;
    const found = await this.deps.lookupAccount(parsed.output.correo).catch(() => undefined);
    runInAction(() => {
      this.unknownEmail = found && !found.existe ? parsed.output.correo : null;
    });
  }

  async signInWithPassword(): Promise<FocusTarget | undefined> {
    const checked = this.password.check(PasswordSignInSchema);
    if (!checked.ok) return checked.focus;
    const sent = await this.password.send(() => this.deps.signInWithPassword(checked.value));
    return sent.ok ? this.finish(sent.value) : sent.focus;
  }

  async requestCode(): Promise<FocusTarget | undefined> {
    const checked = this.code.check(v.pipe(v.object({ email: v.any() }), v.transform((f) => ({ ...f, key: '4' })), OtpRequestSchema));
    if (!checked.ok) return checked.focus;
    const sent = await this.code.send(() => this.deps.requestCode(checked.value.email));
    if (!sent.ok) return sent.focus;
    runInAction(() => {
      this.codeSentTo = checked.value.email;
      this.code.set('key', '');
    });
    return 'key';
  }

  async validateCode(): Promise<FocusTarget | undefined> {
    const email = this.codeSentTo ?? '';
    const checked = this.code.check(v.pipe(v.object({ key: v.any() }), v.transform((f) => ({ ...f, email, canal: 'WEB' })), OtpValidateSchema));
    if (!checked.ok) return checked.focus;
    const sent = await this.code.send(() => this.deps.validateCode(email, checked.value.key));
    return sent.ok ? this.finish(sent.value) : sent.focus;
  }

  /** Back to typing the address (a typo, or another account). */
  changeCodeEmail(): void {
    this.codeSentTo = null;
    this.code.errors = [];
    this.code.problem = null;
  }

  signInWithGoogle(credential: string): Promise<FocusTarget | undefined> {
    return this.socialSignIn(() => this.deps.signInWithGoogle(credential));
  }

  signInWithFacebook(accessToken: string): Promise<FocusTarget | undefined> {
    return this.socialSignIn(() => this.deps.signInWithFacebook(accessToken));
  }

  /** Shows that a provider's button could not be used (its script did not load). Closing its dialog is not a failure: nothing happens. */
  providerFailed(key: string): void {
    this.providers.fail({ key });
  }

  async completeSocialSignUp(): Promise<FocusTarget | undefined> {
    const checked = this.social.check(SocialSignUpSchema);
    if (!checked.ok) return checked.focus;
    const sent = await this.social.send(() => this.deps.completeSocialSignUp({ ...this.social.values }));
    return sent.ok ? this.finish(sent.value) : sent.focus;
  }

  private async socialSignIn(call: () => Promise<SocialSignInResult | undefined>): Promise<FocusTarget | undefined> {
    const sent = await this.providers.send(call);
    if (!sent.ok) return sent.focus;
    const result = sent.value;
    if ('token' in result) return this.finish(result);
    runInAction(() => {
      this.pending = result;
      this.social.set('registro', result.registro);
      this.social.set('nombres', result.perfil.nombres);
      this.social.set('paterno', result.perfil.paterno);
    });
    return undefined;
  }

  private finish(signedIn: SignedIn): undefined {
    this.deps.startSession(signedIn);
    this.signedIn = true;
    return undefined;
  }
}
