import { ApiError } from '@rumbo/shared';
import type { CargoEstimate } from './cargo.resource';
import { EstimateStore } from './estimate.store';

const PRICE: CargoEstimate = { origen: 'LIM', destino: 'CUZ', peso: 4.5, horas: 24, precio: 18.5, moneda: 'PEN' };

describe('the cargo price estimate', () => {
  it('asks nothing until the form passes the shared schema, and sends the focus to the first field to fix', async () => {
    const estimate = jest.fn();
    const store = new EstimateStore(estimate);
    expect(await store.submit()).toBe('destino');
    expect(store.form.fieldError('destino')?.key).toBe('validation:cargo.destino.required');
    expect(store.form.fieldError('peso')?.key).toBe('validation:cargo.peso.required');
    expect(estimate).not.toHaveBeenCalled();
  });

  it('shows the price; a new weight takes the old price away', async () => {
    const store = new EstimateStore(async () => PRICE);
    store.set('destino', 'CUZ');
    store.set('peso', '4,5');
    expect(await store.submit()).toBeUndefined();
    expect(store.result).toEqual(PRICE);
    store.set('peso', '6');
    expect(store.result).toBeUndefined();
  });

  it("puts the server's refusal of the weight on the weight, and no answer on the alert", async () => {
    const refused = new EstimateStore(() => Promise.reject(new ApiError(400, 'Peso fuera de rango', 'cargo.peso.range', 'peso')));
    refused.set('destino', 'CUZ');
    refused.set('peso', '4');
    expect(await refused.submit()).toBe('peso');
    expect(refused.form.fieldError('peso')?.text).toBe('Peso fuera de rango');

    const offline = new EstimateStore(async () => undefined);
    offline.set('destino', 'CUZ');
    offline.set('peso', '4');
    expect(await offline.submit()).toBe('alert');
    expect(offline.form.problem).toEqual({ key: 'validation:request.failed' });
  });
});
