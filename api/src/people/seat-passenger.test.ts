import { addDays, limaToday, type SeatCell, type Trip } from '@rumbo/shared/schemas';
import { eq } from 'drizzle-orm';
import { setupTestApp } from '../test/app';
import { asiento_pasajero } from './people.tables';

let clock = Date.now();

const limit = { max: 10_000, timeWindow: 60_000 };
const api = setupTestApp({ now: () => new Date(clock), seatRateLimit: limit, writeRateLimit: limit });

const channel = { susuario: 'TVIRT', cusuario: 50005 };
const post = (url: string, payload: object, language = 'es-PE') => api.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': language } });

const ADULT = {
  ctipo_documento: 19,
  numero: '45678912',
  nombres: 'Rosa',
  paterno: 'Quispe',
  materno: 'Mamani',
  email: 'rosa@example.pe',
  celular: '987654321',
  genero: 'F',
  nacimiento: '1990-05-04',
};
const CHILD = { ...ADULT, numero: '78912345', nombres: 'Lucía', nacimiento: addDays(limaToday(), -365 * 8) };

/** Two seats of a trip held under one purchase key. */
async function twoHeldSeats(): Promise<{ clave: string; seats: SeatCell[] }> {
  const trip: Trip = (await post('/rest/viaje', { origen: 'LIM', destino: 'ICA', fecha: addDays(limaToday(), 5), cusuario: 50005, coficina_venta: 577 })).json().data[0];
  const map = await post('/rest/maqueta', { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, ...channel });
  const free = (map.json().data.asientos as SeatCell[]).filter((c) => c.gobjeto_sitio === 1 && c.gestado_asiento === 83).slice(0, 2);
  let clave: string | undefined;
  for (const seat of free) {
    const res = await post('/rest/asiento/bloquear', {
      cviaje: trip.cviaje, cviaje_asiento: seat.cviaje_asiento, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino,
      nasiento: seat.nasiento, gnivel_piso: seat.gnivel_piso, gcategoria_asiento: seat.gcategoria_asiento, gestado_asiento: 84, ...channel,
      ...(clave ? { clave_bloqueo: clave } : {}),
    });
    expect(res.statusCode).toBe(200);
    clave = res.json().data.clave_bloqueo;
  }
  return { clave: clave!, seats: free };
}

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
