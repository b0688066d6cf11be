import { sql } from 'drizzle-orm';
import { setupTestApp } from '../test/app';

const api = setupTestApp();

const get = (url: string, language?: string) =>
  api.app.inject({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });

describe('GET /rest/destino', () => {
  it('lists the five destination pages with a "from" price from the trips on sale', async () => {
    const list = (await get('/rest/destino')).json().data;
    expect(list.map((d: { slug: string }) => d.slug).sort()).toEqual(['arequipa', 'cusco', 'lima', 'trujillo', 'tumbes']);
    for (const d of list) expect(d.precio_desde).toBeGreaterThan(0);
  });
});

describe('GET /rest/destino/:slug', () => {
  it('gives the city description, terminals, agencies and routes to it with from prices', async () => {
    const res = await get('/rest/destino/cusco', 'en-EN');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ nombre: 'Cusco', codigo: 'CUZ', slug: 'cusco' });
    expect(d.descripcion).toContain('Machu Picchu');
    expect(d.terminales).toEqual([expect.objectContaining({ cterminal: 21, nombre: 'Terminal Cusco' })]);
    expect(d.agencias.map((a: { nombre: string }) => a.nombre)).toContain('Agencia Cusco Centro');
    const fromLima = d.rutas.find((r: { origen: { codigo: string } }) => r.origen.codigo === 'LIM');
    expect(fromLima.precio_desde).toBeGreaterThan(0);
    expect(fromLima.duracion_min).toBeGreaterThan(600);
    expect(d.rutas.every((r: { destino: { slug: string } }) => r.destino.slug === 'cusco')).toBe(true);
  });

  it('reads a route\'s "from" price with the browser\'s rule: an nprecio_desde of 0 is no price', async () => {
    // Every trip of the coming days from Tumbes to Lima with nprecio_desde 0 (as the browser reads it: absent).
    await api.db.execute(sql`update viaje set nprecio_desde = 0 where cruta in (
      select r.cruta from ruta r join terminal o on o.cterminal = r.cterminal_origen join terminal d on d.cterminal = r.cterminal_destino
      join ciudad co on co.cciudad = o.cciudad join ciudad cd on cd.cciudad = d.cciudad where co.codigo = 'TBP' and cd.codigo = 'LIM')`);
    const d = (await get('/rest/destino/lima')).json().data;
    const fromTumbes = d.rutas.find((r: { origen: { codigo: string } }) => r.origen.codigo === 'TBP');
    expect(fromTumbes.precio_desde).toBeGreaterThan(0);
  });

  it('answers 404 for a city without a page and for junk', async () => {
    expect((await get('/rest/destino/piura')).statusCode).toBe(404);
    expect((await get('/rest/destino/..%2F..')).statusCode).toBe(404);
  });
});
