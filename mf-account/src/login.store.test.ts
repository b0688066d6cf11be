import { ApiError } from '@rumbo/shared';
import { setUpShared } from '@rumbo/shared/testing';
import type { SignedIn } from '@rumbo/shared/schemas';
import { LoginStore, type LoginDeps } from './login.store';
import { CLIENTE } from './testing/fixtures';

const SIGNED_IN: SignedIn = { token: 'header.payload.signature', cliente: CLIENTE };

function storeWith(deps: Partial<LoginDeps> = {}) {
  const startSession = jest.fn();
  const fail = () => Promise.reject(new Error('unexpected call'));
  const store = new LoginStore({
    lookupAccount: fail,
    signInWithPassword: fail,
    requestCode: fail,
    validateCode: fail,
    signInWithGoogle: fail,
    signInWithFacebook: fail,
    completeSocialSignUp: fail,
    startSession,
    ...deps,
  });
  return { store, startSession };
}

beforeAll(() => setUpShared('es-PE'));

describe('password sign-in', () => {
  it('checks the form with the shared schema before sending anything', async () => {
    const { store } = storeWith();
    expect(await store.signInWithPassword()).toBe('correo');
    expect(store.password.errors.map((e) => e.key)).toEqual(['validation:account.correo.required', 'validation:account.clave.required']);
  });

  it('stores the session and is done on success', async () => {
    const signInWithPassword = jest.fn().mockResolvedValue(SIGNED_IN);
    const { store, startSession } = storeWith({ signInWithPassword });
    store.password.set('correo', ' Rosa@Example.pe ');
    store.password.set('clave', 'Andes2026');
    expect(await store.signInWithPassword()).toBeUndefined();
    expect(signInWithPassword).toHaveBeenCalledWith({ correo: 'rosa@example.pe', clave: 'Andes2026' });
    expect(startSession).toHaveBeenCalledWith(SIGNED_IN);
    expect(store.signedIn).toBe(true);
  });

  it("shows the server's refusal on its field, in the user's language key", async () => {
    const { store, startSession } = storeWith({
      signInWithPassword: () => Promise.reject(new ApiError(400, 'El email o la contraseña no son correctos', 'account.login.invalid', 'clave')),
    });
    store.password.set('correo', 'rosa@example.pe');
    store.password.set('clave', 'x');
    expect(await store.signInWithPassword()).toBe('clave');
    expect(store.password.fieldError('clave')).toMatchObject({ key: 'validation:account.login.invalid' });
    expect(startSession).not.toHaveBeenCalled();
    expect(store.signedIn).toBe(false);
  });

  it('a rate limit or a network failure is an alert, not a field message', async () => {
    const { store } = storeWith({ signInWithPassword: () => Promise.reject(new ApiError(429, 'Demasiadas', 'request.tooMany')) });
    store.password.set('correo', 'rosa@example.pe');
    store.password.set('clave', 'x');
    expect(await store.signInWithPassword()).toBe('alert');
    expect(store.password.problem).toMatchObject({ key: 'validation:request.tooMany' });

    const offline = storeWith({ signInWithPassword: () => Promise.resolve(undefined) }).store;
    offline.password.set('correo', 'rosa@example.pe');
    offline.password.set('clave', 'x');
    expect(await offline.signInWithPassword()).toBe('alert');
    expect(offline.password.problem).toEqual({ key: 'account:errors.network' });
  });

  it('tells when the typed address has no account', async () => {
    const lookupAccount = jest.fn().mockResolvedValue({ existe: false, metodos: [] });
    const { store } = storeWith({ lookupAccount });
    store.password.set('correo', 'nadie@example.pe');
    await store.lookup();
    expect(store.unknownEmail).toBe('nadie@example.pe');
    lookupAccount.mockResolvedValue({ existe: true, metodos: ['clave'] });
    await store.lookup();
    expect(store.unknownEmail).toBeNull();
  });
});

describe('one-time code sign-in', () => {
  it('asks for a code with key "4", then signs in with the code and channel WEB', async () => {
    const requestCode = jest.fn().mockResolvedValue({ enviado: true });
    const validateCode = jest.fn().mockResolvedValue(SIGNED_IN);
    const { store, startSession } = storeWith({ requestCode, validateCode });
    store.password.set('correo', 'rosa@example.pe');
    store.setMode('code');
    expect(store.code.values.email).toBe('rosa@example.pe');

    expect(await store.requestCode()).toBe('key');
    expect(requestCode).toHaveBeenCalledWith('rosa@example.pe');
    expect(store.codeSentTo).toBe('rosa@example.pe');

    store.code.set('key', '12345');
    expect(await store.validateCode()).toBe('key');
    expect(store.code.fieldError('key')?.key).toBe('validation:account.codigo.format');
    expect(validateCode).not.toHaveBeenCalled();

    store.code.set('key', '123456');
    expect(await store.validateCode()).toBeUndefined();
    expect(validateCode).toHaveBeenCalledWith('rosa@example.pe', '123456');
    expect(startSession).toHaveBeenCalledWith(SIGNED_IN);
  });

  it('a refused code stays on the code field', async () => {
    const { store } = storeWith({
      requestCode: () => Promise.resolve({ enviado: true }),
      validateCode: () => Promise.reject(new ApiError(400, 'El código no es válido', 'account.otp.invalid', 'key')),
    });
    store.code.set('email', 'rosa@example.pe');
    await store.requestCode();
    store.code.set('key', '000000');
    expect(await store.validateCode()).toBe('key');
    expect(store.code.fieldError('key')?.key).toBe('validation:account.otp.invalid');
  });
});

describe('social sign-in', () => {
  const PENDING = { registro: 'pending.jwt', perfil: { correo: 'ana@gmail.test', nombres: 'Ana', paterno: 'Flores' } };

  it('an account signs in directly', async () => {
    const { store, startSession } = storeWith({ signInWithGoogle: () => Promise.resolve(SIGNED_IN) });
    await store.signInWithGoogle('id-token');
    expect(startSession).toHaveBeenCalledWith(SIGNED_IN);
  });

  it('a first sign-in asks for the identity once, prefilled with what the provider gave', async () => {
    const completeSocialSignUp = jest.fn().mockResolvedValue(SIGNED_IN);
    const { store, startSession } = storeWith({ signInWithFacebook: () => Promise.resolve(PENDING), completeSocialSignUp });
    await store.signInWithFacebook('fb-token');
    expect(store.pending).toEqual(PENDING);
    expect(store.social.values).toMatchObject({ registro: 'pending.jwt', nombres: 'Ana', paterno: 'Flores' });
    expect(startSession).not.toHaveBeenCalled();

    expect(await store.completeSocialSignUp()).toBe('num_doc');
    for (const [field, value] of Object.entries({ num_doc: '45678912', materno: 'Ríos', sexo: 'F', fnacimiento: '1995-02-10', telefono: '912345678' })) {
      store.social.set(field as 'num_doc', value);
    }
    store.social.set('terminos', true);
    expect(await store.completeSocialSignUp()).toBeUndefined();
    expect(completeSocialSignUp).toHaveBeenCalledWith(expect.objectContaining({ registro: 'pending.jwt', num_doc: '45678912', terminos: true }));
    expect(startSession).toHaveBeenCalledWith(SIGNED_IN);
  });

  it('a token the server cannot verify is an alert', async () => {
    const { store } = storeWith({ signInWithGoogle: () => Promise.reject(new ApiError(400, 'No pudimos verificar', 'account.social.invalid')) });
    expect(await store.signInWithGoogle('forged')).toBe('alert');
    expect(store.providers.problem?.key).toBe('validation:account.social.invalid');
  });
});
