import { eq, inArray, sql } from 'drizzle-orm';
import { cuenta } from '../accounts/accounts.tables';
import { reclamacion } from '../complaints/complaints.tables';
import { tarea_periodica } from '../jobs/jobs.tables';
import { queryRows } from '../db/rows';
import { insertReservation } from '../sales/reservations';
import { boleto, invitado, reserva, reserva_asiento } from '../sales/sales.tables';
import { setupAccountFlows } from '../test/account-flows';
import { filedComplaint, guestVoucher, paidTicket } from '../test/privacy';
import { datos_borrados } from './privacy.tables';
import { purgeExpired, RETENTION, RETENTION_EVERY_MS, RETENTION_JOB, runRetention } from './retention';

const flows = setupAccountFlows();
const { api, registered } = flows;
const DAY = 24 * 60 * 60_000;

const traveller = (n: string) => ({ ctipo_documento: 19, numero: `7${n.padStart(7, '0')}`, nombres: `Viajera${n}`, paterno: 'Huamán', materno: 'Ccori', email: `viajera${n}@example.pe` });

/** When the last trip of a purchase arrives. */
async function arrivalOf(creserva: number): Promise<Date> {
  const [row] = await queryRows<{ llegada: Date | string }>(api.db, sql`select max(v.llegada) as llegada from reserva_asiento ra join viaje v on v.cviaje = ra.cviaje where ra.creserva = ${creserva}`);
  return new Date(row!.llegada);
}

/** A guest's purchase that lapsed unpaid at `expira`. */
async function lapsedGuestPurchase(expira: Date, email: string) {
  return insertReservation(api.db, {
    clave_hash: `lapsed-${email}`, estado: 'anulada', motivo: 'vencido', expira, subtotal_centimos: 5000, descuento_centimos: 0, total_centimos: 5000,
    comprador_nombre: 'Invitada Sin Pagar', comprador_email: email, comprobante: 'boleta', ccuenta: null, idioma: 'es-PE', creado: expira,
  });
}

const purchaseRow = async (creserva: number) => (await api.db.select().from(reserva).where(eq(reserva.creserva, creserva)))[0]!;

describe('the retention job (issue 47)', () => {
  it("erases guests' personal data after their periods and keeps vouchers, complaints and customers' purchases", async () => {
    const old = await paidTicket(api.db, { ccuenta: null, buyer: { nombre: 'Invitada Antigua', email: 'antigua@example.pe' }, passenger: traveller('1'), numero: 'RET-OLD-1' });
    const voucher = await guestVoucher(api.db, old.creserva, 'Invitada Antigua');
    const p = await registered();
    const [account] = await api.db.select().from(cuenta).where(eq(cuenta.correo, p.correo));
    const customers = await paidTicket(api.db, { ccuenta: account!.ccuenta, buyer: { nombre: 'Cliente Con Cuenta', email: p.correo }, passenger: traveller('2'), numero: 'RET-ACC-1' });
    const sheet = await filedComplaint(api.db, 'antigua@example.pe', 'Invitada Antigua');

    // The day after the purchase's period ends (two years after its trip arrived).
    const now = new Date((await arrivalOf(old.creserva)).getTime() + RETENTION.paidGuestPurchaseMs + DAY);
    const lapsed = await lapsedGuestPurchase(new Date(now.getTime() - RETENTION.unpaidGuestPurchaseMs - DAY), 'lapsed-old@example.pe');
    const lapsedRecently = await lapsedGuestPurchase(new Date(now.getTime() - DAY), 'lapsed-new@example.pe');
    const [oldIntro] = await api.db.insert(invitado).values({ nombre: 'Intro Vieja', email: 'intro-old@example.pe', creado: new Date(now.getTime() - RETENTION.guestIntroductionMs - DAY) }).returning();
    const [newIntro] = await api.db.insert(invitado).values({ nombre: 'Intro Nueva', email: 'intro-new@example.pe', creado: now }).returning();
    const [unproven] = await api.db
      .insert(cuenta)
      .values({ tipo_doc: 19, num_doc: '79990001', nombres: 'Sin', paterno: 'Confirmar', materno: 'Nunca', sexo: 'F', correo: 'unproven-old@example.pe', telefono: '999', fnacimiento: '1990-01-01', creado_en: new Date(now.getTime() - RETENTION.unconfirmedSignUpMs - DAY) })
      .returning();
    const [pending] = await api.db
      .insert(cuenta)
      .values({ tipo_doc: 19, num_doc: '79990002', nombres: 'Aun', paterno: 'A', materno: 'Tiempo', sexo: 'M', correo: 'unproven-new@example.pe', telefono: '999', fnacimiento: '1990-01-01', creado_en: now })
      .returning();

    const result = await purgeExpired(api.db, now);
    expect(result.compras_pagadas).toBeGreaterThanOrEqual(1);
    expect(result.compras_sin_pago).toBeGreaterThanOrEqual(1);

    // The old guest purchase: its personal fields are gone, the sale and its voucher stay as issued.
    expect(await purchaseRow(old.creserva)).toMatchObject({ estado: 'pagada', comprador_nombre: '', comprador_email: '', total_centimos: 8000 });
    const [ticket] = await api.db.select().from(boleto).where(eq(boleto.numero, 'RET-OLD-1'));
    expect(ticket).toMatchObject({ estado: 'emitido', pasajero_numero: '', pasajero_nombres: '', pasajero_paterno: '', pasajero_nacimiento: '1900-01-01' });
    expect((await api.db.select().from(reserva_asiento).where(eq(reserva_asiento.creserva, old.creserva)))[0]).toMatchObject({ numero: '', nombres: '', email: '' });
    expect((await queryRows<{ cliente_nombre: string }>(api.db, sql`select cliente_nombre from comprobante where ccomprobante = ${voucher}`))[0]!.cliente_nombre).toBe('Invitada Antigua');
    expect(await api.db.select().from(reclamacion).where(eq(reclamacion.numero, sheet))).toHaveLength(1);
    expect(await api.db.select().from(datos_borrados).where(eq(datos_borrados.creserva, old.creserva))).toMatchObject([{ origen: 'retencion' }]);

    // A customer's purchase is theirs to keep (Mi cuenta shows it) until they close the account.
    expect(await purchaseRow(customers.creserva)).toMatchObject({ comprador_nombre: 'Cliente Con Cuenta' });

    // Unpaid and lapsed beyond 30 days: erased; lapsed yesterday: kept.
    expect(await purchaseRow(lapsed.creserva)).toMatchObject({ comprador_email: '' });
    expect(await purchaseRow(lapsedRecently.creserva)).toMatchObject({ comprador_email: 'lapsed-new@example.pe' });

    // Guests' introductions and unproven sign-ups past their periods are deleted; recent ones stay.
    const intros = await api.db.select().from(invitado).where(inArray(invitado.cinvitado, [oldIntro!.cinvitado, newIntro!.cinvitado]));
    expect(intros.map((i) => i.email)).toEqual(['intro-new@example.pe']);
    const sign = await api.db.select().from(cuenta).where(inArray(cuenta.ccuenta, [unproven!.ccuenta, pending!.ccuenta, account!.ccuenta]));
    expect(sign.map((c) => c.correo).sort()).toEqual([p.correo, 'unproven-new@example.pe'].sort());

    // A second pass finds nothing left of what the first did.
    const again = await purgeExpired(api.db, now);
    expect(again).toMatchObject({ compras_pagadas: 0, compras_sin_pago: 0, invitados: 0, registros_sin_confirmar: 0 });
  });

  it('runs once across instances: of two runs at the same moment one does the work, and the next run is a day later', async () => {
    const guest = await paidTicket(api.db, { ccuenta: null, buyer: { nombre: 'Invitada Carrera', email: 'carrera@example.pe' }, passenger: traveller('3'), numero: 'RET-RACE-1' });
    // Far past every earlier run of this database (the first test's day is claimed by none: it called the purge itself).
    const now = new Date((await arrivalOf(guest.creserva)).getTime() + RETENTION.paidGuestPurchaseMs + 30 * DAY);

    const runs = await Promise.all([runRetention(api.db, now), runRetention(api.db, now), runRetention(api.db, now)]);
    const ran = runs.filter((r) => r !== undefined);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.compras_pagadas).toBeGreaterThanOrEqual(1);
    expect(await api.db.select().from(datos_borrados).where(eq(datos_borrados.creserva, guest.creserva))).toHaveLength(1);
    const [task] = await api.db.select().from(tarea_periodica).where(eq(tarea_periodica.nombre, RETENTION_JOB));
    expect(task).toMatchObject({ ultima: now, resultado: { ...ran[0] } });

    // An hour later the day's run is taken; a day later the next one runs.
    expect(await runRetention(api.db, new Date(now.getTime() + 60 * 60_000))).toBeUndefined();
    expect(await runRetention(api.db, new Date(now.getTime() + RETENTION_EVERY_MS))).toBeDefined();
  });
});
