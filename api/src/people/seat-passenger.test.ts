import { addDays, limaToday, type SeatCell } from '@rumbo/shared/schemas';
import { eq } from 'drizzle-orm';
import { setupTestApp } from '../test/app';
import { ADULT, findTrip, holdSeats } from '../test/purchase';
import { asiento_pasajero } from './people.tables';

let clock = Date.now();

const limit = { max: 10_000, timeWindow: 60_000 };
const api = setupTestApp({ now: () => new Date(clock), seatRateLimit: limit, writeRateLimit: limit });

const post = (url: string, payload: object, language = 'es-PE') => api.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': language } });

const CHILD = { ...ADULT, numero: '78912345', nombres: 'Lucía', nacimiento: addDays(limaToday(), -365 * 8) };

/** Two seats of a trip held under one purchase key. */
const twoHeldSeats = async (): Promise<{ clave: string; seats: SeatCell[] }> => holdSeats(api.app, [await findTrip(api.app, 'LIM', 'ICA', 5)], 2);

describe('/rest/asiento/asociar and /rest/asiento/menor', () => {
  it('ties held seats to passengers, flags a minor at departure and needs an adult of the purchase for them', async () => {
    const { clave, seats } = await twoHeldSeats();
    const [adultSeat, childSeat] = seats.map((s) => s.cviaje_asiento);
    const a = await post('/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento: adultSeat, pasajero: ADULT });
    expect(a.json()).toEqual({ data: { cviaje_asiento: adultSeat, menor: false } });
    const c = await post('/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento: childSeat, pasajero: CHILD });
    expect(c.json()).toEqual({ data: { cviaje_asiento: childSeat, menor: true } });

    const self = await post('/rest/asiento/menor', { clave_bloqueo: clave, casiento: childSeat, casiento_responsable: childSeat, parentesco: 'madre' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: 'El responsable debe ser otro pasajero mayor de edad de esta compra', field: 'casiento_responsable' });

    const ok = await post('/rest/asiento/menor', { clave_bloqueo: clave, casiento: childSeat, casiento_responsable: adultSeat, parentesco: 'madre' });
    expect(ok.statusCode).toBe(200);
    const [row] = await api.db.select().from(asiento_pasajero).where(eq(asiento_pasajero.cviaje_asiento, childSeat!));
    expect(row).toMatchObject({ cviaje_asiento_responsable: adultSeat, parentesco: 'madre', menor: true });
  });

  it('refuses a seat this purchase does not hold, an expired hold and bad passengers', async () => {
    const { clave, seats } = await twoHeldSeats();
    const other = await post('/rest/asiento/asociar', { clave_bloqueo: '3f1c2a4e-0000-4000-8000-000000000000', cviaje_asiento: seats[0]!.cviaje_asiento, pasajero: ADULT });
    expect(other.statusCode).toBe(409);
    const bad = await post('/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento: seats[0]!.cviaje_asiento, pasajero: { ...ADULT, celular: '1' } }, 'en-EN');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Enter a 9-digit mobile number starting with 9');
    clock += 11 * 60_000;
    const late = await post('/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento: seats[0]!.cviaje_asiento, pasajero: ADULT });
    expect(late.statusCode).toBe(409);
  });
});
