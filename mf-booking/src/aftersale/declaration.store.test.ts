import { endpoints } from '@rumbo/shared/contract';
import { ALERT } from '@rumbo/shared';
import { answer, json, stubEndpointCalls } from '@rumbo/shared/testing';
import { setUpBooking } from '../testing/render';
import type { DeclarationTicket } from '@rumbo/shared/schemas';
import { rememberPurchase } from '../reservation';
import { RESERVATION_CODE, ticket } from '../testing/fixtures';
import { DeclarationStore } from './declaration.store';

const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
const NUMERO = `${RESERVATION_CODE}-1`;
const OPEN: DeclarationTicket = { boleto: ticket(), declaracion: null, abierta: true, motivo: null };
const DECLARED = {
  contacto_nombre: 'Juan Quispe',
  contacto_telefono: '987654321',
  sin_objetos_prohibidos: true as const,
  apto_para_viajar: true as const,
  datos_veraces: true as const,
  registrada: '2026-11-22T15:00:00.000Z',
};

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

function fill(store: DeclarationStore) {
  store.setText('contacto_nombre', 'Juan Quispe');
  store.setText('contacto_telefono', '987654321');
  store.setCheck('sin_objetos_prohibidos', true);
  store.setCheck('apto_para_viajar', true);
  store.setCheck('datos_veraces', true);
}

describe('declaration store', () => {
  it('a guest without the purchase key here is asked to sign in or recover the purchase, without a call', async () => {
    const api = stubEndpointCalls();
    const store = new DeclarationStore(NUMERO, { signedIn: () => false });
    await store.load();
    expect(store.state).toBe('noAccess');
    expect(api.calls).toEqual([]);
  });

  it('reads the ticket with the purchase key, requires every statement, then registers it once', async () => {
    rememberPurchase(RESERVATION_CODE, KEY);
    const api = stubEndpointCalls(
      answer(endpoints.declarationTicket, OPEN),
      answer(endpoints.declaration, { boleto: ticket({ declaracion: DECLARED.registrada }), declaracion: DECLARED, abierta: false, motivo: null }),
    );
    const store = new DeclarationStore(NUMERO.toLowerCase(), { signedIn: () => false });
    await store.load();
    expect(api.to(endpoints.declarationTicket)).toEqual([{ numero: NUMERO, codigo: RESERVATION_CODE, clave_bloqueo: KEY }]);
    expect(store.state).toBe('ready');

    store.setText('contacto_nombre', 'Juan Quispe');
    store.setText('contacto_telefono', '98-76');
    store.setCheck('sin_objetos_prohibidos', true);
    expect(await store.submit()).toBe('contacto_telefono');
    expect(store.form.errors).toEqual([
      { field: 'contacto_telefono', key: 'validation:declaration.telefono.invalid' },
      { field: 'apto_para_viajar', key: 'validation:declaration.salud.required' },
      { field: 'datos_veraces', key: 'validation:declaration.veraz.required' },
    ]);
    expect(api.to(endpoints.declaration)).toEqual([]);

    fill(store);
    expect(await store.submit()).toBe('saved');
    expect(api.to(endpoints.declaration)).toEqual([
      { numero: NUMERO, codigo: RESERVATION_CODE, clave_bloqueo: KEY, contacto_nombre: 'Juan Quispe', contacto_telefono: '987654321', sin_objetos_prohibidos: true, apto_para_viajar: true, datos_veraces: true },
    ]);
    expect(store.view?.declaracion?.contacto_nombre).toBe('Juan Quispe');
    expect(store.view?.boleto.declaracion).toBe(DECLARED.registrada);
    // registered: the form is gone, a second submit sends nothing
    expect(await store.submit()).toBeUndefined();
    expect(api.to(endpoints.declaration)).toHaveLength(1);
  });

  it('a signed-in buyer reads it with the session alone; the server saying it exists shows the registered one', async () => {
    let current: DeclarationTicket = OPEN;
    const api = stubEndpointCalls(
      answer(endpoints.declarationTicket, () => current),
      answer(endpoints.declaration, () => {
        current = { boleto: ticket({ declaracion: DECLARED.registrada }), declaracion: DECLARED, abierta: false, motivo: 'declaration.exists' };
        return json(409, { message: 'Ya fue registrada', code: 'declaration.exists' });
      }),
    );
    const store = new DeclarationStore(NUMERO, { signedIn: () => true });
    await store.load();
    expect(api.to(endpoints.declarationTicket)).toEqual([{ numero: NUMERO }]);
    fill(store);
    expect(await store.submit()).toBe(ALERT);
    expect(store.problem).toMatchObject({ key: 'validation:declaration.exists' });
    expect(store.view?.declaracion).toEqual(DECLARED);
  });
});

describe('declaration store: whose key', () => {
  it('a signed-in customer is not sent with the key of another purchase kept in this tab', async () => {
    rememberPurchase('WXYZ6789', KEY);
    const api = stubEndpointCalls(answer(endpoints.declarationTicket, OPEN));
    await new DeclarationStore(NUMERO, { signedIn: () => true }).load();
    // a guest tries the kept purchase (a postponement's ticket is reached with the original sale's key)
    await new DeclarationStore(NUMERO, { signedIn: () => false }).load();
    expect(api.to(endpoints.declarationTicket)).toEqual([{ numero: NUMERO }, { numero: NUMERO, codigo: 'WXYZ6789', clave_bloqueo: KEY }]);
  });
});
