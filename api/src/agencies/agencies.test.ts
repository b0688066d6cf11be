import { setupTestApp } from '../test/app';
import { TERMINALS } from '../trips/network';

const api = setupTestApp();

const get = (url: string) => api.app.inject({ method: 'GET', url });

describe('GET /rest/componente/punto_venta', () => {
  it('lists every agency with coordinates, hours, phone and services; every terminal is one', async () => {
    const res = await get('/rest/componente/punto_venta');
    expect(res.statusCode).toBe(200);
    const agencies = res.json().data;
    expect(agencies.length).toBeGreaterThan(TERMINALS.length);
    for (const terminal of TERMINALS) {
      expect(agencies).toContainEqual(expect.objectContaining({ cterminal: terminal.cterminal, direccion: terminal.direccion }));
    }
    for (const agency of agencies) {
      expect(agency.latitud).toBeGreaterThan(-19);
      expect(agency.latitud).toBeLessThan(0);
      expect(agency.longitud).toBeGreaterThan(-82);
      expect(agency.longitud).toBeLessThan(-68);
      expect(agency.horario.abre).toMatch(/^\d{2}:\d{2}$/);
      expect(agency.telefono).toMatch(/^\(\d{2,3}\) /);
      expect(typeof agency.servicios.carga).toBe('boolean');
    }
  });

  it('filters by city code or number', async () => {
    const lima = (await get('/rest/componente/punto_venta?ciudad=lim')).json().data;
    expect(lima.length).toBe(5);
    expect(lima.every((a: { codigo: string }) => a.codigo === 'LIM')).toBe(true);
    expect((await get('/rest/componente/punto_venta?ciudad=4')).json().data).toEqual(lima);
    expect((await get('/rest/componente/punto_venta?ciudad=XYZ')).json().data).toEqual([]);
  });

  it('keeps only agencies that take cargo with carga=1', async () => {
    const cargo = (await get('/rest/componente/punto_venta?ciudad=LIM&carga=1')).json().data;
    expect(cargo.map((a: { nombre: string }) => a.nombre)).not.toContain('Agencia Miraflores');
    expect(cargo.every((a: { servicios: { carga: boolean } }) => a.servicios.carga)).toBe(true);
  });

  it('refuses a malformed city with a 400', async () => {
    const res = await get('/rest/componente/punto_venta?ciudad=%27%20or%201=1');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('ciudad');
  });
});
