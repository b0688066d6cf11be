import { CONSENT_TEXT_VERSION } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/rows';
import { addPoints } from '../points/points.service';
import { confirmedWhatsApp } from '../test/customers';
import { lista_espera } from '../waitlist/waitlist.tables';
import { setupAccountFlows } from '../test/account-flows';
import { filedComplaint, paidTicket } from '../test/privacy';

const flows = setupAccountFlows();
const { api, post, registered } = flows;

async function customer(nombres: string) {
  const p = await registered({ nombres });
  const res = await post('/rest/login/verificar', { correo: p.correo, clave: p.clave });
  const cliente = res.json().data.cliente as { ccuenta: number; num_doc: string; tipo_doc: number };
  return { p, auth: { authorization: `Bearer ${res.json().data.token}` }, ...cliente };
}

const passengerOf = (c: Awaited<ReturnType<typeof customer>>) => ({ ctipo_documento: Number(c.p.tipo_doc), numero: c.p.num_doc, nombres: c.p.nombres, paterno: c.p.paterno, materno: c.p.materno, email: c.p.correo });

describe('GET /rest/user/datos (issue 47: access and portability)', () => {
  it("answers every record about the signed-in customer and never another customer's", async () => {
    const ana = await customer('Anastasia');
    const beto = await customer('Bartolomeo');
    const stranger = { ctipo_documento: 19, numero: '41234567', nombres: 'Casimira', paterno: 'Tercera', materno: 'Persona', email: 'casimira@example.pe' };

    // Ana buys for a stranger; Beto buys for himself and for Ana (she travels on his purchase).
    const anas = await paidTicket(api.db, { ccuenta: ana.ccuenta, buyer: { nombre: 'Anastasia Compradora', email: ana.p.correo }, passenger: stranger, numero: `PA${ana.ccuenta}-1` });
    const betos = await paidTicket(api.db, { ccuenta: beto.ccuenta, buyer: { nombre: 'Bartolomeo Comprador', email: beto.p.correo }, passenger: passengerOf(beto), numero: `PB${beto.ccuenta}-1` });
    await paidTicket(api.db, { ccuenta: beto.ccuenta, buyer: { nombre: 'Bartolomeo Comprador', email: beto.p.correo }, passenger: passengerOf(ana), numero: `PB${beto.ccuenta}-ANA` });
    await addPoints(api.db, { ccuenta: ana.ccuenta, puntos: 120, concepto: 'viaje', detalle: 'Lima → Cusco' });
    await addPoints(api.db, { ccuenta: beto.ccuenta, puntos: 77, concepto: 'viaje', detalle: 'Lima → Tumbes' });
    for (const who of [ana, beto]) {
      await post('/rest/user/consentimientos', { canal: 'correo', finalidad: 'promociones', otorgado: true, version: CONSENT_TEXT_VERSION }, who.auth);
    }
    const anasComplaint = await filedComplaint(api.db, ana.p.correo, 'Anastasia');
    const betosComplaint = await filedComplaint(api.db, beto.p.correo, 'Bartolomeo');

    const res = await api.app.inject({ url: '/rest/user/datos', headers: ana.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['content-disposition']).toContain('attachment');
    const data = res.json().data;

    expect(data.cuenta).toMatchObject({ ccuenta: ana.ccuenta, correo: ana.p.correo, nombres: 'Anastasia', tiene_clave: true });
    expect(data.compras.map((c: { codigo: string }) => c.codigo)).toEqual([anas.codigo]);
    expect(data.compras[0].boletos.map((b: { numero: string }) => b.numero)).toEqual([`PA${ana.ccuenta}-1`]);
    expect(data.boletos_como_pasajero.map((b: { numero: string }) => b.numero)).toEqual([`PB${beto.ccuenta}-ANA`]);
    expect(data.puntos.map((m: { puntos: number }) => m.puntos)).toEqual([120]);
    expect(data.consentimientos).toEqual([expect.objectContaining({ canal: 'correo', finalidad: 'promociones', otorgado: true, version: CONSENT_TEXT_VERSION })]);
    expect(data.reclamaciones.map((r: { numero: string }) => r.numero)).toEqual([anasComplaint]);

    // Nothing of Beto's: not his purchases, his name as buyer, his e-mail, his points, his complaint.
    const text = res.body;
    for (const foreign of [betos.codigo, 'Bartolomeo', beto.p.correo, beto.p.num_doc, betosComplaint, 'Lima → Tumbes', `"ccuenta":${beto.ccuenta},`]) expect(text).not.toContain(foreign);
    // Secrets that open something are not in the file.
    for (const secret of ['clave_hash', `qr-PA${ana.ccuenta}-1`, `privacy-PA${ana.ccuenta}-1`]) expect(text).not.toContain(secret);
  });

  it("holds the customer's waitlist places, price alerts and the mobile confirmed for WhatsApp (issue 48), nobody else's", async () => {
    const ana = await customer('Anacleta');
    const beto = await customer('Bonifacio');
    const alert = (who: typeof ana, tope: number) => post('/rest/alertas', { origen: 'LIM', destino: 'CUZ', tope, canales: ['correo'], version: CONSENT_TEXT_VERSION }, who.auth);
    expect((await alert(ana, 71)).statusCode).toBe(200);
    expect((await alert(beto, 72)).statusCode).toBe(200);
    const [trip] = await queryRows<{ cviaje: number }>(api.db, sql`select cviaje from viaje order by cviaje limit 1`);
    const place = (who: typeof ana) => ({ cviaje: trip!.cviaje, paradas: '[0,1)', cterminal_origen: 1, cterminal_destino: 2, asientos: 2, correo: who.p.correo, ccuenta: who.ccuenta, idioma: 'es-PE', dia: '2030-01-01', creado: new Date(), clave_hash: `secreto-${who.ccuenta}` });
    await api.db.insert(lista_espera).values([place(ana), place(beto)]);
    await confirmedWhatsApp(api.db, ana.ccuenta, '987123450');

    const data = (await api.app.inject({ url: '/rest/user/datos', headers: ana.auth })).json().data;
    expect(data.alertas_precio).toEqual([expect.objectContaining({ ccuenta: ana.ccuenta, origen: 'LIM', destino: 'CUZ', tope: 71 })]);
    expect(data.lista_espera).toEqual([expect.objectContaining({ ccuenta: ana.ccuenta, correo: ana.p.correo, asientos: 2, estado: 'esperando' })]);
    expect(data.lista_espera[0]).not.toHaveProperty('clave_hash');
    expect(data.whatsapp).toMatchObject({ telefono: '51987123450', confirmado: expect.any(String), mensajes: [] });
    expect(JSON.stringify(data)).not.toContain(beto.p.correo);
  });

  it('is for signed-in customers only', async () => {
    expect((await api.app.inject({ url: '/rest/user/datos' })).statusCode).toBe(401);
    expect((await api.app.inject({ url: '/rest/user/datos', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
  });
});
