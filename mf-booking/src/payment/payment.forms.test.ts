import { endpoints } from '@rumbo/shared/contract';
import { CUSTOMER, passengerData } from '../testing/fixtures';
import { answer, json } from '@rumbo/shared/testing';
import { setUpBooking } from '../testing/render';
import { fill, fillBuyer, makeStore, purchase, settle, workingApi } from '../testing/payment';

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

describe("step 3's buyer and passengers", () => {
  it('asks for a factura with the RUC looked up', async () => {
    const api = workingApi(answer(endpoints.company, { ruc: '20100070970', razon_social: 'Andes Travel S.A.C.', direccion: 'Lima' }));
    purchase({ seats: 1 });
    const { store } = makeStore();
    store.load();
    fill(store.passengers[0]!);
    fillBuyer(store);
    store.setBuyer('comprobante', 'factura');
    store.setBuyer('ruc', '20100070970');
    await settle();
    expect(store.buyer.values.razon_social).toBe('Andes Travel S.A.C.');
    expect(store.buyer.rucLookup).toBe('found');
    expect(await store.submit()).toBeUndefined();
    expect(api.to(endpoints.reserve)[0]).toMatchObject({ comprador: { comprobante: 'factura', ruc: '20100070970', razon_social: 'Andes Travel S.A.C.' } });
  });

  it('a guest whose e-mail has an account is told so; a signed-in customer gets the buyer filled from the session', async () => {
    workingApi(answer(endpoints.guest, { cinvitado: 7, tiene_cuenta: true }));
    purchase({ seats: 1 });
    const guest = makeStore().store;
    guest.load();
    guest.setBuyer('nombre', 'Rosa Quispe');
    guest.setBuyer('email', 'rosa@example.pe');
    await guest.buyer.checkGuest();
    expect(guest.buyer.hasAccount).toBe(true);

    const customer = CUSTOMER;
    const signedIn = makeStore(customer).store;
    signedIn.load();
    expect(signedIn.buyer.values).toMatchObject({ nombre: 'Rosa Quispe Mamani', email: 'rosa@example.pe' });
    signedIn.fillPassenger(0);
    expect(signedIn.passengers[0]!.check()).toEqual(passengerData());
  });

  it('fills a known passenger from the document and the birth date', async () => {
    const onFile = () => {
      const { email: _email, celular: _celular, ...identity } = passengerData();
      return { cpersona: 7, ...identity };
    };
    const api = workingApi(
      answer(endpoints.personFound, { encontrado: true, nombres: 'Rosa' }),
      answer(endpoints.personLookup, (_request, body) =>
        body.nacimiento === '1990-05-14' ? onFile() : json(404, { message: 'No encontramos', code: 'sale.persona.noEncontrada' }),
      ),
    );
    purchase({ seats: 1 });
    const { store } = makeStore();
    store.load();
    const form = store.passengers[0]!;
    form.set('numero', '45678912');
    form.set('celular', '955555555');
    await form.search();
    expect(form.lookup).toMatchObject({ state: 'known', nombres: 'Rosa' });
    form.setLookupBirth('1991-01-01');
    expect(await form.fill()).toBe(false);
    expect(form.lookup).toMatchObject({ state: 'known' });
    expect(form.lookupError).toMatchObject({ key: 'validation:sale.persona.noEncontrada' });
    form.setLookupBirth('1990-05-14');
    expect(await form.fill()).toBe(true);
    // The look-up answers the identity only (issue 15); what the buyer typed for contact stays.
    expect(form.values).toMatchObject({ nombres: 'Rosa', paterno: 'Quispe', celular: '955555555', nacimiento: '1990-05-14' });
    expect(api.to(endpoints.personLookup).at(-1)).toEqual({ documento: { ctipo_documento: 19, numero: '45678912' }, nacimiento: '1990-05-14' });
  });
});
