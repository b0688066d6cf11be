import { addDays, limaToday } from '@rumbo/shared/schemas';
import { eq } from 'drizzle-orm';
import { parseOperatorTokens } from '../operators/operators';
import { decimalOf } from '../payments/signing';
import { reserva, reserva_asiento } from '../sales/sales.tables';
import { ADULT, BUYER, findTrip, holdSeats, notifySafetyPay, post, safetyPayNotice, setupSandboxApp, startSafetyPay } from '../test/purchase';
import { asiento_pasajero } from './people.tables';

// Issue 34 item 7: children under 5 on an adult's lap, and minors travelling without a parent.

const TOKEN = 'c0ffee4d9e8b20c6a5d9e1f07b3c8a4d2e6f1b9c';
const clock = Date.now();
const now = () => new Date(clock);
const api = setupSandboxApp(now, { operators: parseOperatorTokens(`ops-lima=${TOKEN}`) });

const DAYS = 11;
/** A birth date `years` (and a few days) before the departure day, so the age on it is `years`. */
const bornYearsBefore = (years: number) => addDays(`${Number(addDays(limaToday(), DAYS).slice(0, 4)) - years}${addDays(limaToday(), DAYS).slice(4)}`, -3);
const CHILD = { ctipo_documento: 19, numero: '91234567', nombres: 'Inti', paterno: 'Quispe', materno: 'Rojas', nacimiento: bornYearsBefore(2), parentesco: 'madre' };
const TEEN = { ...ADULT, numero: '78123456', nombres: 'Killa', paterno: 'Quispe', materno: 'Rojas', nacimiento: bornYearsBefore(15) };

describe('lap children and minors without a parent (issue 34)', () => {
  it('refuses a lap child of 5 or more, a carrier under 18, and a carrier who is not a parent without the authorization, in the reader\'s language', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', DAYS);
    const { clave, seats } = await holdSeats(api.app, [trip], 1);
    const seat = seats[0]!.cviaje_asiento!;
    const tie = (pasajero: object, infante: object, language = 'es-PE') =>
      post(api.app, '/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento: seat, pasajero, infante }, { 'accept-language': language });

    const old = await tie(ADULT, { ...CHILD, nacimiento: bornYearsBefore(5) }, 'en-EN');
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ code: 'sale.infante.edad', message: 'Only a child under 5 rides on a lap; from age 5 a child needs their own seat', field: 'infante.nacimiento' });
    const young = await tie(TEEN, CHILD);
    expect(young.statusCode).toBe(400);
    expect(young.json()).toMatchObject({ code: 'sale.infante.portador', message: 'Un niño en brazos viaja con un pasajero mayor de edad (18 años o más)' });
    const aunt = await tie(ADULT, { ...CHILD, parentesco: 'familiar' });
    expect(aunt.statusCode).toBe(400);
    expect(aunt.json()).toMatchObject({ code: 'sale.autorizacion.required' });
    const badDocument = await tie(ADULT, { ...CHILD, numero: '123' });
    expect(badDocument.statusCode).toBe(400);
    expect(badDocument.json()).toMatchObject({ code: 'sale.numero.dni' });
    // Nothing stored by the refusals.
    expect(await api.db.select().from(asiento_pasajero).where(eq(asiento_pasajero.cviaje_asiento, seat))).toEqual([]);

    const ok = await tie(ADULT, { ...CHILD, parentesco: 'familiar', autorizacion_notarial: true });
    expect(ok.statusCode).toBe(200);
    const [row] = await api.db.select().from(asiento_pasajero).where(eq(asiento_pasajero.cviaje_asiento, seat));
    expect(row!.infante).toEqual({ ...CHILD, parentesco: 'familiar', autorizacion_notarial: true });
  });

  it("a minor without a parent needs the buyer's confirmation of the notarial authorization, stored per passenger", async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', DAYS);
    const { clave, seats } = await holdSeats(api.app, [trip], 2);
    const [adultSeat, teenSeat] = seats.map((s) => s.cviaje_asiento!);
    expect((await post(api.app, '/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento: adultSeat, pasajero: { ...ADULT, numero: '41111111' } })).statusCode).toBe(200);
    expect((await post(api.app, '/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento: teenSeat, pasajero: TEEN })).json().data.menor).toBe(true);
    const guardian = { clave_bloqueo: clave, casiento: teenSeat, casiento_responsable: adultSeat };
    const unconfirmed = await post(api.app, '/rest/asiento/menor', { ...guardian, parentesco: 'familiar' }, { 'accept-language': 'en-EN' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toMatchObject({ code: 'sale.autorizacion.required', message: 'Confirm that the minor will carry the notarial travel authorization', field: 'autorizacion_notarial' });
    expect((await post(api.app, '/rest/asiento/menor', { ...guardian, parentesco: 'padre' })).statusCode).toBe(200);
    expect((await api.db.select().from(asiento_pasajero).where(eq(asiento_pasajero.cviaje_asiento, teenSeat!)))[0]!.autorizacion_notarial).toBe(false);
    expect((await post(api.app, '/rest/asiento/menor', { ...guardian, parentesco: 'familiar', autorizacion_notarial: true })).statusCode).toBe(200);
    expect((await api.db.select().from(asiento_pasajero).where(eq(asiento_pasajero.cviaje_asiento, teenSeat!)))[0]!.autorizacion_notarial).toBe(true);
  });

  it("a paid purchase keeps the lap child and the answer, shows them on the ticket view, and lists the child on the manifest as riding on the adult's seat", async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', DAYS, 1);
    const { clave, seats } = await holdSeats(api.app, [trip], 2);
    const [adultSeat, teenSeat] = seats;
    const adult = { ...ADULT, numero: '42222222' };
    expect((await post(api.app, '/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento: adultSeat!.cviaje_asiento, pasajero: adult, infante: CHILD })).statusCode).toBe(200);
    expect((await post(api.app, '/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento: teenSeat!.cviaje_asiento, pasajero: TEEN })).statusCode).toBe(200);
    const guardian = { clave_bloqueo: clave, casiento: teenSeat!.cviaje_asiento, casiento_responsable: adultSeat!.cviaje_asiento, parentesco: 'otro', autorizacion_notarial: true };
    expect((await post(api.app, '/rest/asiento/menor', guardian)).statusCode).toBe(200);
    const reserved = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true });
    expect(reserved.statusCode).toBe(201);
    const { codigo, total_centimos } = reserved.json().data;
    const referencia = await startSafetyPay(api.app, api.db, codigo, clave);
    expect((await notifySafetyPay(api.app, safetyPayNotice(api.sandbox, { referencia, amount: decimalOf(total_centimos) }, now()))).statusCode).toBe(200);

    const [r] = await api.db.select().from(reserva).where(eq(reserva.codigo, codigo));
    const stored = await api.db.select().from(reserva_asiento).where(eq(reserva_asiento.creserva, r!.creserva));
    expect(stored.find((s) => s.cviaje_asiento === adultSeat!.cviaje_asiento)!.infante).toEqual({ ...CHILD, autorizacion_notarial: false });
    expect(stored.find((s) => s.cviaje_asiento === teenSeat!.cviaje_asiento)!.autorizacion_notarial).toBe(true);
    // The seats' prices only: the lap child rides free.
    expect(total_centimos).toBe(stored.reduce((sum, s) => sum + s.precio_centimos, 0));

    const view = (await post(api.app, '/rest/venta/consulta', { codigo, clave_bloqueo: clave })).json().data;
    const adultTicket = view.boletos.find((b: { nasiento: number }) => b.nasiento === adultSeat!.nasiento);
    expect(adultTicket.pasajero.infante).toEqual({ nombres: 'Inti', paterno: 'Quispe', materno: 'Rojas', ctipo_documento: 19, numero: '****4567', edad: 2, autorizacion_notarial: false });
    expect(view.boletos.find((b: { nasiento: number }) => b.nasiento === teenSeat!.nasiento).pasajero).toMatchObject({ menor: true, autorizacion_notarial: true });

    const auth = { authorization: `Bearer ${TOKEN}` };
    const manifest = (await api.app.inject({ url: `/rest/operador/viajes/${trip.cviaje}/manifiesto`, headers: auth })).json().data;
    const mine = manifest.pasajeros.filter((p: { boleto: string }) => p.boleto.startsWith(`${codigo}-`));
    expect(mine).toHaveLength(3);
    const carried = mine.find((p: { regazo_de: number | null }) => p.regazo_de !== null);
    expect(carried).toMatchObject({ asiento: adultSeat!.nasiento, regazo_de: adultSeat!.nasiento, nombres: 'Inti', apellidos: 'Quispe Rojas', edad: 2, documento_tipo: '1', documento_numero: '91234567', importe_centimos: 0, comprobante: null, menor: true });
    expect(mine.find((p: { nombres: string }) => p.nombres === 'Killa')).toMatchObject({ menor: true, edad: 15, autorizacion_notarial: true, regazo_de: null });
    const csv = (await api.app.inject({ url: `/rest/operador/viajes/${trip.cviaje}/manifiesto.csv`, headers: auth })).body.split('\r\n');
    expect(csv[0]).toBe('asiento,piso,apellidos,nombres,edad,documento_tipo,documento_numero,embarque,desembarque,boleto,comprobante,importe,en_brazos_de_asiento,autorizacion_notarial');
    expect(csv.some((line) => line.startsWith(`${adultSeat!.nasiento},`) && line.includes('Quispe Rojas,Inti,2,1,91234567') && line.endsWith(`,0.00,${adultSeat!.nasiento},`))).toBe(true);
    expect(csv.some((line) => line.includes('Quispe Rojas,Killa,15,') && line.endsWith(',si'))).toBe(true);
    const pdf = await api.app.inject({ url: `/rest/operador/viajes/${trip.cviaje}/manifiesto.pdf`, headers: auth });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const tickets = await api.app.inject({ method: 'POST', url: '/rest/venta/pdf', payload: { codigo, clave_bloqueo: clave }, headers: { origin: 'http://localhost:3000' } });
    expect(tickets.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
