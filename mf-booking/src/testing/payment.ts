import { type Customer, STORAGE_KEYS } from '@rumbo/shared';
import { json } from '@rumbo/shared/testing';
import type { PassengerForm } from '../payment/passenger.form';
import { PaymentStore } from '../payment/payment.store';
import { writeReservation } from '../reservation';
import { held, passengerData, reservationView, trip } from './fixtures';
import { fakeApi } from './sales-api';

/** Step 3's tests: a purchase of held seats, an API that answers it, and a store on it. */
export const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
export const NOW = Date.parse('2026-11-22T15:00:00.000Z');
export const EXPIRA = '2026-11-22T15:10:00.000Z';
export const RETURN = trip({ cviaje: 200, fecha_salida: '2026-12-05T01:30:00.000Z', fecha_llegada: '2026-12-05T16:00:00.000Z' });
export const QUOTE = { subtotal_centimos: 30000, descuento_centimos: 0, total_centimos: 30000, cupon: null, descuento_pct: null };

/** The API of a purchase that works: every call answers as the server does for good input. */
export function workingApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    '/rest/venta/cotizar': (body) =>
      body.cupon
        ? json(200, { data: { subtotal_centimos: 30000, descuento_centimos: 3000, total_centimos: 27000, cupon: body.cupon, descuento_pct: 10 } })
        : json(200, { data: QUOTE }),
    '/rest/promocion/obtener': json(200, { data: [] }),
    '/rest/invitado': json(200, { data: { cinvitado: 7, tiene_cuenta: false } }),
    '/rest/persona/registrar': json(201, { data: { cpersona: 1 } }),
    '/rest/asiento/asociar': (body) => json(200, { data: { cviaje_asiento: body.cviaje_asiento, menor: false } }),
    '/rest/asiento/menor': (body) => json(200, { data: body }),
    '/rest/venta/reserva': json(201, { data: reservationView() }),
    ...extra,
  });
}

export function purchase({ seats = 2, roundTrip = false } = {}) {
  writeReservation({
    search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: seats, ...(roundTrip ? { regreso: '2026-12-04' } : {}) },
    ida: trip(),
    ...(roundTrip ? { vuelta: RETURN } : {}),
    tramo: roundTrip ? 'vuelta' : 'ida',
    clave_bloqueo: KEY,
  });
  const ida = Array.from({ length: seats }, (_, i) => held(5 + i, { expira: EXPIRA }));
  const vuelta = roundTrip ? Array.from({ length: seats }, (_, i) => held(20 + i, { cviaje: 200, expira: EXPIRA })) : [];
  sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([...ida, ...vuelta]));
}

export function fill(form: PassengerForm, data = passengerData()) {
  for (const [field, value] of Object.entries(data)) form.set(field as never, String(value));
}

export function fillBuyer(store: PaymentStore) {
  store.setBuyer('nombre', 'Rosa Quispe');
  store.setBuyer('email', 'rosa@example.pe');
  store.setTerms(true);
}

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

export function makeStore(customer: Customer | null = null) {
  const navigate = jest.fn();
  const store = new PaymentStore({ now: () => NOW, customer: () => customer, navigate });
  return { store, navigate };
}
