import { setupAccountFlows } from '../test/account-flows';
import { DEMO_PASSWORD } from './accounts.seed';
import { addPoints, getPoints, pointsSum } from '../points/points.service';

const flows = setupAccountFlows();
const { api, post, registered } = flows;

describe('profile, trips and points', () => {
  async function signedIn() {
    const p = await registered();
    const res = await post('/rest/login/verificar', { correo: p.correo, clave: p.clave });
    return { p, auth: { authorization: `Bearer ${res.json().data.token}` }, ccuenta: res.json().data.cliente.ccuenta as number };
  }

  it('saves the profile with /rest/user/editar and reads it back with the CC e-mail', async () => {
    const { auth } = await signedIn();
    const res = await post(
      '/rest/user/editar',
      { tipo_doc: '21', num_doc: '123456789012345', nombres: 'Rosa', paterno: 'Quispe', materno: 'Luna', sexo: 'F', telefono: '999888777', fnacimiento: '1991-06-01', correo_cc: 'Copia@Example.pe' },
      auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ tipo_doc: 21, num_doc: '123456789012345', materno: 'Luna', telefono: '999888777' });
    const profile = await api.app.inject({ url: '/rest/user/perfil', headers: auth });
    expect(profile.json().data).toMatchObject({ correo_cc: 'copia@example.pe', nombres: 'Rosa' });
  });

  it('refuses an invalid profile field by field, and without a session', async () => {
    const { auth } = await signedIn();
    const res = await post('/rest/user/editar', { tipo_doc: '19', num_doc: '123', nombres: 'Rosa' }, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'account.num_doc.dni', field: 'num_doc' });
    expect((await post('/rest/user/editar', { nombres: 'x' })).statusCode).toBe(401);
  });

  it('lists no tickets for a customer who bought none, and none without a session', async () => {
    const { auth } = await signedIn();
    const res = await api.app.inject({ url: '/rest/user/viajes', headers: auth });
    expect(res.json()).toEqual({ data: { proximos: [], pasados: [] } });
    expect((await api.app.inject({ url: '/rest/user/viajes' })).statusCode).toBe(401);
  });

  it('a new customer has no points; the ledger sums up and never goes below zero', async () => {
    const { auth, ccuenta } = await signedIn();
    expect((await api.app.inject({ url: '/rest/user/puntos', headers: auth })).json()).toEqual({ data: { saldo: 0, retenidos: 0, disponibles: 0, movimientos: [] } });

    await addPoints(api.db, { ccuenta, puntos: 150, concepto: 'viaje', detalle: 'Lima → Cusco' });
    await expect(addPoints(api.db, { ccuenta, puntos: -200, concepto: 'canje' })).rejects.toMatchObject({ code: 'account.puntos.insufficient' });
    await addPoints(api.db, { ccuenta, puntos: -100, concepto: 'canje' });

    const points = (await api.app.inject({ url: '/rest/user/puntos', headers: auth })).json().data;
    expect(points.saldo).toBe(50);
    expect(points.movimientos.map((m: { puntos: number }) => m.puntos)).toEqual([-100, 150]);
    expect(await pointsSum(api.db, ccuenta)).toBe(50);
  });

  it('the demo customer has a history whose balance is its sum', async () => {
    const res = await post('/rest/login/verificar', { correo: 'demo@rumboandino.pe', clave: DEMO_PASSWORD });
    const ccuenta = res.json().data.cliente.ccuenta;
    const points = await getPoints(api.db, ccuenta, new Date());
    expect(points.movimientos.length).toBeGreaterThan(0);
    expect(points.saldo).toBe(await pointsSum(api.db, ccuenta));
  });
});
