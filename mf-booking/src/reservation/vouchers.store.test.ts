import { endpoints } from '@rumbo/shared/contract';
import { answer, json, stubEndpointCalls } from '@rumbo/shared/testing';
import type { PurchaseVouchers } from '@rumbo/shared/schemas';
import { setUpBooking } from '../testing/render';
import { writeReservation } from '../reservation';
import { RESERVATION_CODE, trip } from '../testing/fixtures';
import * as sales from '../sales.resource';
import { VouchersStore } from './vouchers.store';

const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
const boleta = { tipo: '03', numero: 'B001-41', emitido: '2026-11-22T15:00:00.000Z', total_centimos: 8900, estado: 'aceptado', vigencia: 'vigente', hash: 'abc=' } as const;
const LIST: PurchaseVouchers = { comprobantes: [boleta], factura_hasta: '2026-11-30T05:00:00.000Z' };
const REPLACED: PurchaseVouchers = {
  comprobantes: [
    { ...boleta, vigencia: 'anulado' },
    { ...boleta, tipo: '07', numero: 'BC01-3' },
    { ...boleta, tipo: '01', numero: 'F001-9', estado: 'pendiente' },
  ],
  factura_hasta: null,
};

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
  writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 }, ida: trip(), tramo: 'ida', clave_bloqueo: KEY, codigo: RESERVATION_CODE });
});

const storeWith = (save = jest.fn()) => new VouchersStore(RESERVATION_CODE, { api: sales, storage: sessionStorage, save });

describe('vouchers store (issue 34)', () => {
  it('lists the vouchers with the purchase key and downloads the XML of the valid one', async () => {
    const api = stubEndpointCalls(answer(endpoints.purchaseVouchers, LIST), answer(endpoints.voucherXml, new Response('<Invoice/>', { status: 200, headers: { 'content-type': 'application/xml' } })));
    const save = jest.fn();
    const store = storeWith(save);
    await store.load();
    expect(api.to(endpoints.purchaseVouchers)[0]).toEqual({ codigo: RESERVATION_CODE, clave_bloqueo: KEY });
    expect(store.current?.numero).toBe('B001-41');
    await store.save('xml');
    expect(save).toHaveBeenCalledTimes(1);
    const [file, name] = save.mock.calls[0]!;
    expect(name).toBe('B001-41.xml');
    expect(await (file as Blob).text()).toBe('<Invoice/>');
  });

  it('checks the RUC with the shared schema before sending, then shows the factura that replaced the boleta', async () => {
    const api = stubEndpointCalls(answer(endpoints.purchaseVouchers, LIST), answer(endpoints.requestFactura, REPLACED));
    const store = storeWith();
    await store.load();
    store.factura.set('ruc', '20100047219');
    store.factura.set('razon_social', 'Banco de Crédito del Perú');
    expect(await store.askFactura()).toBe(false);
    expect(store.factura.fieldError('ruc')?.key).toBe('validation:sale.ruc.invalid');
    expect(api.to(endpoints.requestFactura)).toHaveLength(0);
    store.factura.set('ruc', '20100047218');
    expect(await store.askFactura()).toBe(true);
    expect(api.to(endpoints.requestFactura)[0]).toEqual({ codigo: RESERVATION_CODE, clave_bloqueo: KEY, ruc: '20100047218', razon_social: 'Banco de Crédito del Perú' });
    expect(store.issued).toBe(true);
    expect(store.current?.numero).toBe('F001-9');
    expect(store.list?.factura_hasta).toBeNull();
  });

  it("shows the server's refusal when the window has closed", async () => {
    stubEndpointCalls(answer(endpoints.purchaseVouchers, LIST), answer(endpoints.requestFactura, json(409, { message: 'Ya no se puede cambiar la boleta por una factura', code: 'sale.factura.plazo' })));
    const store = storeWith();
    await store.load();
    store.factura.set('ruc', '20100047218');
    store.factura.set('razon_social', 'BCP');
    expect(await store.askFactura()).toBe(false);
    expect(store.factura.problem).toMatchObject({ key: 'validation:sale.factura.plazo' });
  });
});
