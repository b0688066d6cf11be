import { ApiError } from '@rumbo/shared';
import { setUpShared } from '@rumbo/shared/testing';
import { RecoverStore } from './recover.store';

const linkGone = () => Promise.reject(new ApiError(400, 'El enlace no es válido', 'account.link.invalid', 'token'));

beforeAll(() => setUpShared('es-PE'));

describe('password recovery', () => {
  it('asks for a link with a checked e-mail and says where it went', async () => {
    const requestReset = jest.fn().mockResolvedValue({ enviado: true });
    const store = new RecoverStore({ requestReset });
    expect(await store.requestLink()).toBe('correo');
    expect(requestReset).not.toHaveBeenCalled();
    store.request.set('correo', ' Rosa@Example.pe');
    expect(await store.requestLink()).toBeUndefined();
    expect(requestReset).toHaveBeenCalledWith('rosa@example.pe');
    expect(store.sentTo).toBe('rosa@example.pe');
  });

  it('opens a usable link, refuses a weak password, saves a strong one', async () => {
    const setNewPassword = jest.fn().mockResolvedValue({ correo: 'rosa@example.pe' });
    const store = new RecoverStore({ checkResetLink: () => Promise.resolve({ correo: 'rosa@example.pe' }), setNewPassword });
    await store.openLink('tok');
    expect(store.link).toEqual({ state: 'valid', correo: 'rosa@example.pe' });

    store.reset.set('clave', 'corta');
    expect(await store.save()).toBe('clave');
    expect(store.reset.fieldError('clave')?.key).toBe('validation:account.clave.weak');

    store.reset.set('clave', 'Condor2027');
    expect(await store.save()).toBeUndefined();
    expect(setNewPassword).toHaveBeenCalledWith('tok', 'Condor2027');
    expect(store.link).toEqual({ state: 'saved' });
  });

  it('a used or expired link says so, on opening or on saving', async () => {
    const dead = new RecoverStore({ checkResetLink: linkGone });
    await dead.openLink('old');
    expect(dead.link).toMatchObject({ state: 'invalid', message: { key: 'validation:account.link.invalid' } });

    const racing = new RecoverStore({ checkResetLink: () => Promise.resolve({ correo: 'rosa@example.pe' }), setNewPassword: linkGone });
    await racing.openLink('tok');
    racing.reset.set('clave', 'Condor2027');
    expect(await racing.save()).toBe('alert');
    expect(racing.link).toMatchObject({ state: 'invalid' });

    racing.forget();
    expect(racing.link).toBeNull();
  });
});
