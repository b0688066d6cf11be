import { eq, inArray, sql } from 'drizzle-orm';
import { cuenta } from '../accounts/accounts.tables';
import { queryRows } from '../db/rows';
import { reclamacion } from '../complaints/complaints.tables';
import { listOutbox } from '../mail/outbox';
import { parseOperatorTokens } from '../operators/operators';
import { suscripcion } from '../promotions/promotions.tables';
import { reserva } from '../sales/sales.tables';
import { setupTestApp } from '../test/app';
import { filedComplaint, paidTicket } from '../test/privacy';
import { CLOSED_DOMAIN } from './close-account';
import { incidente_aviso } from './privacy.tables';

const TOKEN = 'c4d9e2f7a1b6083e5d2c9f4a7b1e6d3c8f2a5b9e';
const api = setupTestApp({ operators: parseOperatorTokens(`ops-seguridad=${TOKEN}`) });
const staff = { authorization: `Bearer ${TOKEN}` };
const call = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = staff) =>
  api.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** The window of the incident: a morning long past, so nothing the seed or other tests write falls in it. */
const at = (time: string) => new Date(`2001-03-01T${time}:00.000Z`);
const WINDOW = { desde: at('10:00').toISOString(), hasta: at('12:00').toISOString() };

let serial = 0;
async function account(correo: string, idioma: string, creado: Date, actualizado = creado, cerrada: Date | null = null) {
  serial += 1;
  const [row] = await api.db
    .insert(cuenta)
    .values({ tipo_doc: 19, num_doc: `5${String(serial).padStart(7, '0')}`, nombres: 'Persona', paterno: 'De', materno: 'Prueba', sexo: 'F', correo, telefono: '999', fnacimiento: '1990-01-01', idioma, creado_en: creado, actualizado_en: actualizado, cerrada_en: cerrada, correo_confirmado_en: creado })
    .returning();
  return row!;
}

/** A purchase made at `creado` (paid then), by `buyer`, for a passenger with `passengerEmail`. */
async function purchase(buyer: string, passengerEmail: string, creado: Date, idioma = 'es-PE', ccuenta: number | null = null) {
  serial += 1;
  const row = await paidTicket(api.db, {
    ccuenta,
    buyer: { nombre: 'Comprador', email: buyer },
    passenger: { ctipo_documento: 19, numero: `4${String(serial).padStart(7, '0')}`, nombres: 'Pasajero', paterno: 'De', materno: 'Prueba', email: passengerEmail },
    numero: `INC-${serial}-${Date.now() % 100000}`,
  });
  await api.db.update(reserva).set({ creado, pagado: creado, idioma }).where(eq(reserva.creserva, row.creserva));
  return row;
}

async function complaint(correo: string, fecha: Date) {
  const numero = await filedComplaint(api.db, correo, 'Persona');
  await api.db.update(reclamacion).set({ fecha }).where(eq(reclamacion.numero, numero));
}

async function subscription(correo: string, idioma: string, creado: Date) {
  serial += 1;
  await api.db.insert(suscripcion).values({ correo, estado: 'confirmada', idioma, token_confirmacion: `inc-c-${serial}-xxxxxxxxxxxxxxxx`, token_baja: `inc-b-${serial}-xxxxxxxxxxxxxxxx`, creado });
}

const incident = (datos: string[], extra: object = {}) =>
  call('POST', '/rest/operador/incidentes', { titulo: 'Copia de registros expuesta', descripcion: 'Un registro de la aplicación quedó público dos horas.', ...WINDOW, datos, detectado: at('13:00').toISOString(), ...extra });

describe('security incidents (issue 47, operators)', () => {
  beforeAll(async () => {
    // In the window.
    const ana = await account('ana.incidente@example.pe', 'en-EN', at('10:30'));
    await purchase('ana.incidente@example.pe', 'pasajero.ventana@example.pe', at('11:00'), 'es-PE', ana.ccuenta);
    await purchase('invitada.ventana@example.pe', '', at('11:59'));
    await complaint('reclamo.ventana@example.pe', at('10:00'));
    await subscription('suscrita.ventana@example.pe', 'en-EN', at('11:15'));
    await account('cambio.ventana@example.pe', 'es-PE', at('08:00'), at('11:30'));
    // Outside it (just before, at its end: the end is not in it), or no one's any more.
    await account('antes@example.pe', 'es-PE', at('09:59'));
    await account('al.final@example.pe', 'es-PE', at('12:00'));
    await purchase('compra.despues@example.pe', 'pasajero.despues@example.pe', at('12:00'));
    await complaint('reclamo.antes@example.pe', at('09:00'));
    await subscription('suscrita.despues@example.pe', 'es-PE', at('12:01'));
    await account(`cerrada-1-x@${CLOSED_DOMAIN}`, 'es-PE', at('10:45'), at('10:45'), at('10:50'));
  });

  it('records an incident with its 48-hour term, for operators only, checking its window', async () => {
    expect((await call('POST', '/rest/operador/incidentes', {}, {})).statusCode).toBe(401);
    const backwards = await incident(['cuentas'], { desde: WINDOW.hasta, hasta: WINDOW.desde });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'incident.ventana.invalid' });
    expect((await incident([])).json()).toMatchObject({ code: 'incident.datos.required' });

    const res = await incident(['cuentas']);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ operador: 'ops-seguridad', datos: ['cuentas'], plazo: new Date(at('13:00').getTime() + 48 * 3600_000).toISOString(), anpd_comunicado: null, avisados: 0 });
    const id = res.json().data.id;
    const reported = await call('POST', `/rest/operador/incidentes/${id}/comunicado`, { destino: 'anpd', fecha: at('20:00').toISOString() });
    expect(reported.json().data).toMatchObject({ anpd_comunicado: at('20:00').toISOString(), cnsd_comunicado: null });
    expect((await call('GET', '/rest/operador/incidentes')).json().data[0]).toMatchObject({ id, anpd_comunicado: at('20:00').toISOString() });
    expect((await call('GET', '/rest/operador/incidentes/999999/afectados')).statusCode).toBe(404);
  });

  it('finds exactly the customers whose data of the kinds named were written in the window, each in their language', async () => {
    const all = (await incident(['cuentas', 'compras', 'reclamos', 'suscripciones'])).json().data.id;
    const res = await call('GET', `/rest/operador/incidentes/${all}/afectados`);
    expect(res.statusCode).toBe(200);
    const { afectados, total } = res.json().data as { total: number; afectados: { correo: string; idioma: string; datos: string[]; ccuenta: number | null }[] };
    expect(afectados.map((a) => a.correo).sort()).toEqual(
      ['ana.incidente@example.pe', 'cambio.ventana@example.pe', 'invitada.ventana@example.pe', 'pasajero.ventana@example.pe', 'reclamo.ventana@example.pe', 'suscrita.ventana@example.pe'].sort(),
    );
    expect(total).toBe(6);
    const ana = afectados.find((a) => a.correo === 'ana.incidente@example.pe')!;
    // Her account's language, though she bought in Spanish; both kinds found.
    expect(ana).toMatchObject({ idioma: 'en-EN', datos: ['compras', 'cuentas'] });
    expect(ana.ccuenta).toEqual(expect.any(Number));
    expect(afectados.find((a) => a.correo === 'suscrita.ventana@example.pe')).toMatchObject({ idioma: 'en-EN', ccuenta: null, datos: ['suscripciones'] });

    // Only the kinds named.
    const complaintsOnly = (await incident(['reclamos'])).json().data.id;
    expect((await call('GET', `/rest/operador/incidentes/${complaintsOnly}/afectados`)).json().data.afectados.map((a: { correo: string }) => a.correo)).toEqual(['reclamo.ventana@example.pe']);
  });

  it('mails the notice to each affected customer in their language through the outbox, once, even when sent again or twice at once', async () => {
    const id = (await incident(['cuentas', 'compras', 'reclamos', 'suscripciones'])).json().data.id;
    const notice = { asunto_es: 'Aviso de seguridad', asunto_en: 'Security notice', texto_es: 'Un registro quedó expuesto.\n\nCambie su contraseña.', texto_en: 'A log was exposed.\n\nChange your password.' };
    const [first, second] = await Promise.all([call('POST', `/rest/operador/incidentes/${id}/aviso`, notice), call('POST', `/rest/operador/incidentes/${id}/aviso`, notice)]);
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    expect(first.json().data.enviados + second.json().data.enviados).toBe(6);
    expect((await call('POST', `/rest/operador/incidentes/${id}/aviso`, notice)).json().data).toEqual({ enviados: 0, total: 6 });
    expect(await api.db.select().from(incidente_aviso).where(eq(incidente_aviso.id_incidente, id))).toHaveLength(6);

    const [english] = await listOutbox(api.db, { to: 'ana.incidente@example.pe', limit: 1 });
    expect(english).toMatchObject({ subject: 'Security notice' });
    expect(english!.text).toContain('Change your password.');
    expect(english!.text).toContain('datos@rumboandino.pe');
    const [spanish] = await listOutbox(api.db, { to: 'reclamo.ventana@example.pe', limit: 1 });
    expect(spanish).toMatchObject({ subject: 'Aviso de seguridad' });
    expect(spanish!.text).toContain('Oficial de Datos Personales');
    const [outside] = await queryRows<{ n: number }>(api.db, sql`select count(*)::int as n from outbox where "to" in ('antes@example.pe', 'al.final@example.pe', 'compra.despues@example.pe', 'reclamo.antes@example.pe')`);
    expect(Number(outside!.n)).toBe(0);
    expect((await call('GET', '/rest/operador/incidentes')).json().data.find((i: { id: number }) => i.id === id)).toMatchObject({ avisados: 6 });
    expect(await api.db.select().from(incidente_aviso).where(inArray(incidente_aviso.correo, ['antes@example.pe']))).toEqual([]);
  });
});
