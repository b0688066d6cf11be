import { endpoints } from '@rumbo/shared/contract';
import { ALERT } from '@rumbo/shared';
import { setUpBooking } from '../testing/render';
import { held, passengerData } from '../testing/fixtures';
import { fill, fillBuyer, KEY, makeStore, purchase, workingApi } from '../testing/payment';
import type { PassengerForm } from './passenger.form';

// Issue 34 item 7: step 3 registers a child under 5 on an adult's lap, and asks for the notarial
// travel authorization of a minor travelling without a parent (the trip leaves on 2026-11-27, Lima).

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

const CHILD = { ctipo_documento: '19', numero: '91234567', nombres: 'Inti', paterno: 'Quispe', materno: 'Rojas', nacimiento: '2024-06-01', parentesco: 'madre' };

function fillLap(form: PassengerForm, values: Partial<typeof CHILD> = {}) {
  form.setLap('infante', true);
  for (const [field, value] of Object.entries({ ...CHILD, ...values })) form.setLap(field as keyof typeof CHILD, value);
}

const summary = (store: ReturnType<typeof makeStore>['store']) => store.summary.map((item) => `${item.target}:${item.message.key}`);

describe('lap children and minors without a parent (issue 34)', () => {
  it('a lap child of 5 or more is refused with the shared schema; one under 5 is sent with the seat of the adult carrying them', async () => {
    const api = workingApi();
    purchase({ seats: 1 });
    const { store } = makeStore();
    store.load();
    fill(store.passengers[0]!);
    fillBuyer(store);
    fillLap(store.passengers[0]!, { nacimiento: '2021-11-27' });
    expect(await store.submit()).toBe(ALERT);
    expect(summary(store)).toEqual(['p1-infante-nacimiento:validation:sale.infante.edad']);
    expect(api.to(endpoints.seatPassenger)).toEqual([]);

    store.passengers[0]!.setLap('nacimiento', '2021-11-28');
    store.passengers[0]!.setLap('numero', '123');
    expect(await store.submit()).toBe(ALERT);
    expect(summary(store)).toEqual(['p1-infante-numero:validation:sale.numero.dni']);

    store.passengers[0]!.setLap('numero', '91234567');
    expect(await store.submit()).toBeUndefined();
    expect(api.to(endpoints.seatPassenger)).toEqual([
      { clave_bloqueo: KEY, cviaje_asiento: held(5).cviaje_asiento, pasajero: passengerData(), infante: { ...CHILD, ctipo_documento: 19, nacimiento: '2021-11-28' } },
    ]);
  });

  it('a carrier under 18 is refused; a lap child carried by someone who is not a parent needs the confirmation', async () => {
    workingApi();
    purchase({ seats: 1 });
    const { store } = makeStore();
    store.load();
    const form = store.passengers[0]!;
    fill(form, passengerData({ nacimiento: '2009-01-01' }));
    fillBuyer(store);
    fillLap(form);
    expect(await store.submit()).toBe(ALERT);
    expect(summary(store)).toContain('p1-infante:validation:sale.infante.portador');

    fill(form);
    form.setLap('parentesco', 'familiar');
    expect(form.lapNeedsAuthorization).toBe(true);
    expect(await store.submit()).toBe(ALERT);
    expect(summary(store)).toEqual(['p1-infante-autorizacion_notarial:validation:sale.autorizacion.required']);
    form.setLap('autorizacion_notarial', true);
    expect(await store.submit()).toBeUndefined();
  });

  it('a minor travelling with someone who is not a parent needs the confirmation of the notarial authorization, sent with the guardian', async () => {
    const api = workingApi();
    purchase({ seats: 2 });
    const { store } = makeStore();
    store.load();
    fill(store.passengers[0]!);
    fill(store.passengers[1]!, passengerData({ numero: '76543210', nombres: 'Lucía', nacimiento: '2014-03-02' }));
    fillBuyer(store);
    const minor = store.passengers[1]!;
    minor.setGuardian('responsable', '0');
    minor.setGuardian('parentesco', 'familiar');
    expect(minor.needsAuthorization).toBe(true);
    expect(await store.submit()).toBe(ALERT);
    expect(summary(store)).toEqual(['p2-autorizacion_notarial:validation:sale.autorizacion.required']);

    minor.setGuardian('autorizacion_notarial', true);
    expect(await store.submit()).toBeUndefined();
    expect(api.to(endpoints.minorGuardian)).toEqual([
      { clave_bloqueo: KEY, casiento: held(6).cviaje_asiento, casiento_responsable: held(5).cviaje_asiento, parentesco: 'familiar', autorizacion_notarial: true },
    ]);
  });
});
