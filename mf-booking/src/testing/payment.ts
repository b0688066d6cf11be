import { type Customer, STORAGE_KEYS } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import type { Quote } from '@rumbo/shared/schemas';
import { answer, stubEndpointCalls, type EndpointStub } from '@rumbo/shared/testing';
import type { PassengerForm } from '../payment/passenger.form';
import { PaymentStore } from '../payment/payment.store';
import { writeReservation } from '../reservation';
import { held, passengerData, reservationView, trip } from './fixtures';

/** Step 3's tests: a purchase of held seats, an API that answers it, and a store on it. */
export const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
export const NOW = Date.parse('2026-11-22T15:00:00.000Z');
export const EXPIRA = '2026-11-22T15:10:00.000Z';
export const RETURN = trip({ cviaje: 200, fecha_salida: '2026-12-05T01:30:00.000Z', fecha_llegada: '2026-12-05T16:00:00.000Z' });
export const QUOTE: Quote = { subtotal_centimos: 30000, descuento_centimos: 0, total_centimos: 30000, cupon: null, descuento_pct: null, puntos_canje: 0, canje_centimos: 0 };

/** The API of a purchase that works: every call answers as the server does for good input; `first` answer before them. */
export function workingApi(...first: EndpointStub[]) {
  return stubEndpointCalls(
    ...first,
    answer(endpoints.quote, (_request, body) =>
      body.cupon ? { ...QUOTE, descuento_centimos: 3000, total_centimos: 27000, cupon: String(body.cupon), descuento_pct: 10 } : QUOTE,
    ),
    answer(endpoints.promotions, []),
    answer(endpoints.guest, { cinvitado: 7, tiene_cuenta: false }),
    answer(endpoints.person, { cpersona: 1 }),
    answer(endpoints.seatPassenger, (_request, body) => ({ cviaje_asiento: Number(body.cviaje_asiento), menor: false })),
    answer(endpoints.minorGuardian, (_request, body) => ({
      casiento: Number(body.casiento),
      casiento_responsable: Number(body.casiento_responsable),
      parentesco: String(body.parentesco),
    })),
    answer(endpoints.reserve, reservationView()),
  );
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
