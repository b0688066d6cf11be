import { ApiError, type Customer } from '@rumbo/shared';
import { ComplaintStore, type ComplaintDeps } from './complaint.store';

const CUSTOMER: Customer = {
  id: '31',
  documentType: '21',
  documentNumber: 'AB1234567890123',
  name: 'Luis',
  firstLastName: 'Pérez',
  secondLastName: 'Rojas',
  gender: 'masculino',
  email: 'luis@example.pe',
  phone: '988777666',
  birthDate: '09/03/1985',
};

function storeWith(deps: Partial<ComplaintDeps> = {}) {
  return new ComplaintStore({
    now: () => new Date('2026-01-01T04:59:00Z'),
    fetchCities: async () => [],
    ...deps,
  });
}

function fillValid(store: ComplaintStore) {
  const values = {
    nacimiento: '1990-05-17',
    numero: '45678912',
    datos: 'Rosa',
    paterno: 'Quispe',
    materno: 'Mamani',
    direccion: 'Av. Brasil 100',
    telefono: '987654321',
    correo: 'rosa@example.pe',
    motivo: '10',
    viaje: '2025-12-30T08:00',
    detalle: 'Detalle',
  } as const;
  for (const [field, value] of Object.entries(values)) store.set(field as keyof typeof values, value);
}

describe('ComplaintStore', () => {
  it('dates the sheet with the Lima day, not the UTC one', () => {
    expect(storeWith().form.values.fecha_actual).toBe('31/12/2025');
  });

  it('keeps tamanioInput in step with the document type', () => {
    const store = storeWith();
    store.set('documento', '21');
    expect(store.form.values.tamanioInput).toBe('15');
    store.set('documento', '19');
    expect(store.form.values.tamanioInput).toBe('8');
  });

  it("fills a customer's identity without overwriting what the consumer typed", () => {
    const store = storeWith();
    store.set('datos', 'Luis Alberto');
    store.applyCustomer(CUSTOMER);
    expect(store.form.values).toMatchObject({
      cpersona: '31',
      datos: 'Luis Alberto',
      paterno: 'Pérez',
      genero: 'M',
      documento: '21',
      numero: 'AB1234567890123',
      tamanioInput: '15',
      nacimiento: '1985-03-09',
      correo: 'luis@example.pe',
    });
    store.applyCustomer(null);
    expect(store.form.values.cpersona).toBe('');
  });

  it('skips customer values the form cannot use', () => {
    const store = storeWith();
    store.applyCustomer({ ...CUSTOMER, documentType: '7', gender: '', birthDate: 'unknown' });
    expect(store.form.values).toMatchObject({ documento: '19', numero: '', genero: 'M', nacimiento: '', tamanioInput: '8' });
  });

  it('keeps each field’s first failing check as a key, in the schema order, on its field', async () => {
    const store = storeWith();
    fillValid(store);
    store.set('telefono', '98 76');
    store.set('detalle', 'x'.repeat(501));
    store.set('numero', '');
    expect(await store.submit()).toBe('numero');
    expect(store.form.errors).toEqual([
      { field: 'numero', key: 'validation:complaint.numero.required' },
      { field: 'telefono', key: 'validation:complaint.telefono.numeric' },
      { field: 'detalle', key: 'validation:complaint.detalle.max' },
    ]);
    expect(store.form.fieldError('detalle')?.key).toBe('validation:complaint.detalle.max');
  });

  it('files a valid sheet once, and starts over on reset with the customer filled in again', async () => {
    const fileComplaint = jest.fn(async () => ({ numero: '000000001-2026', fecha: '2026-01-01T00:00:00-05:00', plazo: '2026-01-22' }));
    const store = storeWith({ fileComplaint });
    store.applyCustomer(CUSTOMER);
    fillValid(store);
    store.set('documento', '19');
    const first = store.submit();
    expect(store.form.sending).toBe(true);
    expect(await store.submit()).toBeUndefined();
    expect(await first).toBeUndefined();
    expect(fileComplaint).toHaveBeenCalledTimes(1);
    expect(store.receipt?.numero).toBe('000000001-2026');
    expect(store.form.sending).toBe(false);

    store.reset();
    expect(store.receipt).toBeNull();
    expect(store.form.values).toMatchObject({ datos: 'Luis', numero: 'AB1234567890123', motivo: '', detalle: '', cpersona: '31' });
  });

  it('puts a 400 without a known field, and other failures, above the form', async () => {
    const store = storeWith({
      fileComplaint: async () => {
        throw new ApiError(400, 'La solicitud no es válida', 'request.invalid');
      },
    });
    fillValid(store);
    expect(await store.submit()).toBe('alert');
    expect(store.form.problem).toEqual({ key: 'validation:request.invalid', text: 'La solicitud no es válida' });
    expect(store.form.errors).toEqual([]);
  });

  it('treats no answer (network failure) as "could not send" and keeps the values', async () => {
    const store = storeWith({ fileComplaint: async () => undefined });
    fillValid(store);
    expect(await store.submit()).toBe('alert');
    expect(store.form.problem).toEqual({ key: 'complaints:errors.network' });
    expect(store.form.values.datos).toBe('Rosa');
  });

  it('records whether the cities could be loaded', async () => {
    const store = storeWith({ fetchCities: async () => undefined });
    await store.load();
    expect(store.citiesState).toBe('failed');
  });

  it('shows the cities the page was rendered with at once, and keeps them while and if asking again fails', async () => {
    const rendered = [{ cciudad: 4, nombre: 'Lima', codigo: 'LIM', slug: 'lima' }];
    let answer: (cities: undefined) => void = () => undefined;
    const store = storeWith({ cities: rendered, fetchCities: () => new Promise((resolve) => (answer = resolve)) });
    expect({ state: store.citiesState, cities: store.cities }).toEqual({ state: 'ready', cities: rendered });
    const loading = store.load();
    expect(store.citiesState).toBe('ready');
    answer(undefined);
    await loading;
    expect({ state: store.citiesState, cities: store.cities }).toEqual({ state: 'ready', cities: rendered });
  });
});
