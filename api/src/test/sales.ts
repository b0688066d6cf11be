import type { ReservationView } from '@rumbo/shared/schemas';
import { eq, inArray } from 'drizzle-orm';
import { outbox } from '../mail/mail.tables';
import { viaje_asiento } from '../seats/seats.tables';
import { BUYER, findTrip, heldPurchase, notifySafetyPay, post, startSafetyPay, type SandboxApp } from './purchase';

/** The sales tests' steps over one sandbox app: reserving, paying, and what the database and the outbox hold then. */
export function salesSteps(api: SandboxApp) {
  const db = () => api.db;

  async function reserveOne(options: { days?: number; count?: number; headers?: Record<string, string>; destino?: string } = {}) {
    const trip = await findTrip(api.app, 'LIM', options.destino ?? 'ICA', options.days ?? 5);
    const purchase = await heldPurchase(api.app, [trip], options.count ?? 1);
    const res = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: purchase.clave, comprador: BUYER, terminos: true }, options.headers);
    expect(res.statusCode).toBe(201);
    return { ...purchase, trip, view: res.json().data as ReservationView };
  }

  const mailsTo = async (to: string) => db().select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.id);

  return {
    reserveOne,
    startSafetyPay: (codigo: string, clave: string) => startSafetyPay(api.app, api.db, codigo, clave),
    notify: (body: string) => notifySafetyPay(api.app, body),
    consult: async (codigo: string, clave: string) => (await post(api.app, '/rest/venta/consulta', { codigo, clave_bloqueo: clave })).json().data as ReservationView,
    seatStates: async (ids: number[]) =>
      (await db().select({ id: viaje_asiento.cviaje_asiento, estado: viaje_asiento.gestado_asiento }).from(viaje_asiento).where(inArray(viaje_asiento.cviaje_asiento, ids))).map((s) => s.estado),
    mailsTo,
    /** The mails after the reservation's payment-code mail. */
    mailsAfterCode: async (to: string) => (await mailsTo(to)).filter((m) => !/código de pago|payment code/.test(m.subject)),
  };
}
