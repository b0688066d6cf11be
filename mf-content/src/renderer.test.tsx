/**
 * @jest-environment node
 */
import { matchPath } from '@rumbo/shared/server';
import { matchRoutes } from 'react-router';
import { render } from './renderer';
import { CONTENT_ROUTES } from './routes';
import type { HomeData } from './content.resource';

/**
 * This version's renderer as the site server calls it, in Node: what a reader without JavaScript
 * (or a crawler) gets is the page's content in place, not a hidden copy only a script reveals.
 */
const ORIGINS = ['Arequipa', 'Ayacucho', 'Cajamarca', 'Chachapoyas', 'Chiclayo', 'Chimbote', 'Cusco', 'Huancayo', 'Huaraz', 'Ica', 'Juliaca', 'Máncora', 'Moquegua', 'Nazca', 'Paracas', 'Piura', 'Puno', 'Tacna', 'Tarapoto', 'Trujillo', 'Tumbes', 'Huánuco'];
const LIMA = {
  cciudad: 4, nombre: 'Lima', codigo: 'LIM', slug: 'lima', resumen: 'La capital del Perú.', descripcion: 'Ciudad de los Reyes, frente al Pacífico.',
  terminales: [{ cterminal: 41, nombre: 'Terminal Javier Prado', direccion: 'Av. Javier Prado Este 1155' }],
  agencias: ['Javier Prado', 'Plaza Norte', 'Atocongo', 'La Victoria', 'Miraflores', 'San Isidro'].map((nombre, i) => ({
    cagencia: 100 + i, cciudad: 4, ciudad: 'Lima', codigo: 'LIM', slug: 'lima', cterminal: i === 0 ? 41 : null, nombre: `Agencia ${nombre}`,
    direccion: `Av. ${nombre} ${1000 + i}`, latitud: -12.09, longitud: -77.01, telefono: `01 555 010${i}`,
    horario: { dias: 'todos', abre: '06:00', cierra: '22:00' }, servicios: { pasajes: true, carga: i % 2 === 0 },
  })),
  rutas: ORIGINS.map((nombre, i) => ({
    origen: { cciudad: 10 + i, nombre, codigo: nombre.slice(0, 3).toUpperCase() },
    destino: { cciudad: 4, nombre: 'Lima', codigo: 'LIM', slug: 'lima' },
    duracion_min: 300 + i * 30,
    precio_desde: 40 + i,
  })),
};

const CONFIG = { product: 'rumbo', apiBaseUrl: 'http://api.test/' } as Parameters<typeof render>[0]['config'];

afterEach(() => jest.restoreAllMocks());

test('/destinos/lima is rendered whole, in place: its content without any script, every route of the city', async () => {
  const asked: string[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    asked.push(String(url));
    return new Response(JSON.stringify({ data: LIMA }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const { html } = await render({ path: '/destinos/lima', query: {}, language: 'es-PE', config: CONFIG });
  expect(asked).toEqual(['http://api.test/rest/destino/lima']);
  // A large page is the case: React moves a boundary this big out of place unless told not to.
  expect(html.length).toBeGreaterThan(12_800);
  expect(html).not.toMatch(/<script|<template|hidden id="S:/);
  expect(html).toContain('<h1 class="chakra-heading');
  expect(html).toContain('Viaja a Lima</h1>');
  for (const origin of ORIGINS) expect(html).toContain(`Ver pasajes de ${origin} a Lima`);
  expect(html).toContain('Terminal Javier Prado');
  expect(html).toContain('Av. San Isidro 1005');
});

const PROMOTION = {
  cpromocion: 7, cupon: 'VERANO26', descuento: 20, desde: '2026-12-01', hasta: '2027-03-31', destino: { cciudad: 1, nombre: 'Arequipa', codigo: 'AQP', slug: 'arequipa' },
  titulo: 'Verano en Arequipa', descripcion: 'Veinte por ciento en toda la ruta.', condiciones: 'Solo compras en línea.',
};
const SUMMARY = { cciudad: 2, nombre: 'Cusco', codigo: 'CUZ', slug: 'cusco', resumen: 'Puerta de Machu Picchu.', precio_desde: 90 };
const AGENCY = { ...LIMA.agencias[4]!, nombre: 'Agencia Miraflores Centro' };

/** The API's answer of each of the home page's calls, by path. */
function homeApi(asked: string[]) {
  const answers: Record<string, unknown> = { '/rest/promocion/obtener': [PROMOTION], '/rest/destino': [SUMMARY], '/rest/componente/punto_venta': [AGENCY] };
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    const path = new URL(String(url)).pathname;
    asked.push(path);
    return new Response(JSON.stringify({ data: answers[path] }), { status: answers[path] ? 200 : 404, headers: { 'content-type': 'application/json' } });
  });
}

test("/ is rendered with its promotions, destinations and agencies from its loader, not their skeletons (a phone untouched shows them)", async () => {
  const asked: string[] = [];
  homeApi(asked);
  const { html, data } = await render({ path: '/', query: {}, language: 'en-EN', config: CONFIG });
  expect([...asked].sort()).toEqual(['/rest/componente/punto_venta', '/rest/destino', '/rest/promocion/obtener']);
  expect(html).toContain('Verano en Arequipa');
  expect(html).toContain('VERANO26');
  expect(html).toContain('Puerta de Machu Picchu.');
  expect(html).toContain('Agencia Miraflores Centro');
  // Below the hero (the trip search's place above is filled by its own renderer).
  expect(html.slice(html.indexOf('id="home-below"'))).not.toContain('chakra-skeleton');
  // What the browser hydrates from, in the language it was asked in.
  expect((data.route as HomeData).destinations).toEqual({ language: 'en-EN', answer: [SUMMARY] });
});

test("an information page is rendered with the API's text, cleaned again with the API's allowlist; a text the cleaning would change keeps the skeleton", async () => {
  const page = (html: string) => ({ id: 2, slug: 'terminos-condiciones', titulo: 'Términos y condiciones', html, actualizado: '2025-06-01' });
  let answer = page('<h2>Compra de pasajes</h2><p>Texto.</p>');
  jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ data: answer }), { status: 200, headers: { 'content-type': 'application/json' } }));
  const clean = await render({ path: '/informacion/terminos-condiciones', query: {}, language: 'es-PE', config: CONFIG });
  expect(clean.html).toContain('Compra de pasajes</h2>');
  expect(clean.data.route).toEqual({ language: 'es-PE', page: answer, dateText: '1 de junio de 2025' });

  answer = page('<p onclick="steal()">Texto.</p>');
  const refused = await render({ path: '/informacion/terminos-condiciones', query: {}, language: 'es-PE', config: CONFIG });
  expect(refused.html).not.toContain('steal()');
  expect(refused.data).toEqual({});
});

test('the server and the browser router match each address to the same row (built from the same rows)', () => {
  const paths = ['/', '/promociones', '/oficina', '/corporativo', '/destinos/cusco', '/destinos/paris', '/destinos', '/informacion/terminos-condiciones', '/informacion/proteccion-datos', '/informacion/politica-postergacion', '/informacion/otra', '/otra'];
  const server = paths.map((path) => CONTENT_ROUTES.find((row) => matchPath(row.path, path))?.path);
  const browser = paths.map((path) => matchRoutes(CONTENT_ROUTES.map((row) => ({ path: row.path })), path)?.[0]?.route.path);
  expect(server).toEqual(browser);
  expect(server.filter(Boolean).length).toBeGreaterThan(paths.length / 2);
});
