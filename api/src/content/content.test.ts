import { count, eq } from 'drizzle-orm';
import { cuenta } from '../accounts/accounts.tables';
import { seedDatabase } from '../db/seed';
import { setupTestApp } from '../test/app';
import { ciudad } from '../cities/cities.tables';
import { informacion } from './content.tables';
import { sanitizePageHtml } from './sanitize';

const api = setupTestApp();

const get = (url: string, language?: string) =>
  api.app.inject({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });

describe('GET /rest/informacion', () => {
  it('lists the pages in Spanish by default', async () => {
    const res = await get('/rest/informacion');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { id: 1, slug: 'libro-reclamaciones', titulo: 'Libro de Reclamaciones', idioma: 'es-PE' },
        { id: 2, slug: 'terminos-condiciones', titulo: 'Términos y condiciones', idioma: 'es-PE' },
        { id: 3, slug: 'proteccion-datos', titulo: 'Política de protección de datos personales', idioma: 'es-PE' },
        { id: 4, slug: 'politica-postergacion', titulo: 'Política de postergación', idioma: 'es-PE' },
      ],
    });
  });

  it('lists them in English for an English caller', async () => {
    const res = await get('/rest/informacion', 'en-US,en;q=0.9');
    const titles = res.json().data.map((p: { titulo: string; idioma: string }) => [p.titulo, p.idioma]);
    expect(titles).toEqual([
      ['Complaints book', 'en-EN'],
      ['Terms and conditions', 'en-EN'],
      ['Personal data protection policy', 'en-EN'],
      ['Postponement policy', 'en-EN'],
    ]);
  });
});

describe('GET /rest/informacion/:id', () => {
  // Phrases each text must carry: the laws it rests on and the rules it states.
  const pages = [
    { id: 2, slug: 'terminos-condiciones', es: ['29571', '15 días hábiles', '24 horas'], en: ['29571', '15 business days', '24 hours'] },
    { id: 3, slug: 'proteccion-datos', es: ['29733', 'ARCO', 'Autoridad Nacional'], en: ['29733', 'ARCO', 'Authority'] },
    { id: 4, slug: 'politica-postergacion', es: ['24 horas antes', 'misma ruta', 'diferencia de tarifa'], en: ['24 hours before', 'same route', 'fare difference'] },
    { id: 1, slug: 'libro-reclamaciones', es: ['Reclamo', 'Queja', 'INDECOPI'], en: ['Claim', 'Complaint', 'INDECOPI'] },
  ];

  it.each(pages)('serves page $id ($slug) in both languages, by id and by slug', async ({ id, slug, es, en }) => {
    for (const [language, phrases] of [['es-PE', es], ['en-EN', en]] as const) {
      const byId = await get(`/rest/informacion/${id}`, language);
      expect(byId.statusCode).toBe(200);
      const page = byId.json().data;
      expect(Object.keys(page).sort()).toEqual(['actualizado', 'html', 'id', 'slug', 'titulo']);
      expect(page).toMatchObject({ id, slug });
      expect(page.actualizado).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(page.html).toContain('Rumbo Andino Express S.A.C.');
      for (const phrase of phrases) expect(page.html).toContain(phrase);

      const bySlug = await get(`/rest/informacion/${slug}`, language);
      expect(bySlug.json()).toEqual(byId.json());
    }
  });

  it('has substantial texts, and the English one is not the Spanish one', async () => {
    for (const id of [2, 3, 4]) {
      const es = (await get(`/rest/informacion/${id}`, 'es-PE')).json().data.html as string;
      const en = (await get(`/rest/informacion/${id}`, 'en-EN')).json().data.html as string;
      expect(es.length).toBeGreaterThan(2000);
      expect(en.length).toBeGreaterThan(2000);
      expect(en).not.toEqual(es);
    }
  });

  it('never lets a stored script or event handler out', async () => {
    await api.db.insert(informacion).values({
      id: 90,
      idioma: 'es-PE',
      slug: 'prueba-xss',
      titulo: 'Prueba',
      actualizado: '2025-01-01',
      html:
        '<h2 onclick="alert(1)">Título</h2><script>alert(1)</script><p>Texto<img src=x onerror="alert(2)"></p>' +
        '<a href="javascript:alert(3)">mal</a><a href="https://example.org" onmouseover="x()">bien</a>' +
        '<iframe src="https://example.org"></iframe><style>p{}</style><table><tr><td style="color:red">1</td></tr></table>',
    });
    const res = await get('/rest/informacion/90');
    expect(res.statusCode).toBe(200);
    const { html } = res.json().data;
    for (const bad of ['<script', 'alert', 'onerror', 'onclick', 'onmouseover', 'javascript:', '<iframe', '<img', '<style', 'style=']) {
      expect(html).not.toContain(bad);
    }
    expect(html).toContain('<h2>Título</h2>');
    expect(html).toContain('<a href="https://example.org">bien</a>');
    expect(html).toContain('<td>1</td>');
  });

  it.each(['999', 'no-existe', '99999999999999999999', '%3Cscript%3E', 'representante-x'])(
    'answers 404 in the caller\'s language for "%s"',
    async (key) => {
      const es = await get(`/rest/informacion/${key}`);
      expect(es.statusCode).toBe(404);
      expect(es.json()).toEqual({ message: 'No encontramos lo que busca', code: 'request.notFound' });
      const en = await get(`/rest/informacion/${key}`, 'en-EN');
      expect(en.json()).toEqual({ message: 'We could not find what you are looking for', code: 'request.notFound' });
    },
  );
});

describe('sanitizePageHtml', () => {
  it('keeps headings, paragraphs, lists, links, emphasis and tables', () => {
    const html =
      '<h2>A</h2><h3>B</h3><p><strong>c</strong> <em>d</em><br></p><ul><li>e</li></ul><ol><li>f</li></ol>' +
      '<a href="mailto:x@y.pe">g</a><a href="/informacion/proteccion-datos">h</a>' +
      '<table><thead><tr><th scope="col">i</th></tr></thead><tbody><tr><td>j</td></tr></tbody></table>';
    expect(sanitizePageHtml(html)).toBe(html.replace('<br>', '<br />'));
  });
});

describe('GET /rest/informacion/representante', () => {
  it("serves the operator's data", async () => {
    const res = await get('/rest/informacion/representante');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      producto: 'rumbo',
      marca: 'Rumbo Andino',
      razon_social: 'Rumbo Andino Express S.A.C.',
      fundacion: 1996,
      central_telefonica: '(01) 708-5000',
    });
    expect(data.direccion).toMatch(/Lima/);
    expect(data.correo).toMatch(/^[^@\s]+@rumboandino\.pe$/);
    expect(data.whatsapp).toMatch(/^\+51 9\d{2} \d{3} \d{3}$/);
    for (const network of ['facebook', 'youtube', 'instagram']) expect(data.redes[network]).toMatch(/^https:\/\//);
  });

  it('has a RUC of 11 digits with a valid SUNAT check digit', async () => {
    const { ruc } = (await get('/rest/informacion/representante')).json().data as { ruc: string };
    expect(ruc).toMatch(/^20\d{9}$/);
    const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((total, weight, i) => total + weight * Number(ruc[i]), 0);
    const check = (11 - (sum % 11)) % 10; // 11 - r, where 10 → 0 and 11 → 1
    expect(Number(ruc[10])).toBe(check);
  });
});

describe('GET /rest/iata', () => {
  it('serves the 23 cities with their fixed codes', async () => {
    const res = await get('/rest/iata');
    expect(res.statusCode).toBe(200);
    const cities = res.json().data as { cciudad: number; nombre: string; codigo: string; slug: string }[];
    expect(cities).toHaveLength(23);
    expect(cities.map((c) => c.cciudad)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect(cities[0]).toEqual({ cciudad: 1, nombre: 'Arequipa', codigo: 'AQP', slug: 'arequipa' });
    expect(cities[3]).toEqual({ cciudad: 4, nombre: 'Lima', codigo: 'LIM', slug: 'lima' });
    expect(cities[4]).toMatchObject({ cciudad: 5, nombre: 'Tumbes' });
    expect(cities[22]).toMatchObject({ cciudad: 23, nombre: 'Chachapoyas' });
    expect(new Set(cities.map((c) => c.codigo)).size).toBe(23);
    for (const city of cities) {
      expect(city.codigo).toMatch(/^[A-Z]{3}$/);
      expect(city.slug).toMatch(/^[a-z]+$/);
    }
  });
});

describe('seed', () => {
  it('can run again without duplicating anything', async () => {
    await seedDatabase(api.db);
    const [cities] = await api.db.select({ n: count() }).from(ciudad);
    const [customers] = await api.db.select({ n: count() }).from(cuenta);
    const pages = await api.db.select({ id: informacion.id }).from(informacion).where(eq(informacion.slug, 'terminos-condiciones'));
    expect(cities!.n).toBe(23);
    expect(customers!.n).toBe(1);
    expect(pages).toHaveLength(2);
  });

  it('keeps a text edited in the database, and replaces an older version', async () => {
    const terms = eq(informacion.slug, 'terminos-condiciones');
    await api.db.update(informacion).set({ html: '<p>Editado</p>' }).where(terms);
    await seedDatabase(api.db);
    expect((await get('/rest/informacion/2')).json().data.html).toBe('<p>Editado</p>');

    await api.db.update(informacion).set({ actualizado: '2000-01-01' }).where(terms);
    await seedDatabase(api.db);
    expect((await get('/rest/informacion/2')).json().data.html).toContain('29571');
  });
});

describe('GET /rest/health', () => {
  it('answers once the database answers', async () => {
    const res = await get('/rest/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });
  });
});
