import { pageGuard } from '../scripts/deploy-lib.mjs';
import { boxTables, fetchPageData, fetchSlotData, fillSlots, formatDayEs, isAllowedHtml, pageDataScript, pageWithData, providerSet, renderPagesWithData, slotMarkup, slotsIn, type BuiltPage, type BuiltSlot } from '../scripts/page-data.mjs';

const skeleton = { html: '<div aria-busy="true">…</div>', css: '.skeleton{}', ids: ['skeleton'] };
const TERMS: BuiltPage = {
  path: '/informacion/terminos-condiciones',
  ...skeleton,
  template: {
    endpoint: '/rest/informacion/2',
    html: '<h1>__STITCH_titulo__</h1><time dateTime="__STITCH_actualizado__">__STITCH_dateText__</time><div>__STITCH_html__</div>',
    css: '.prose{}',
    ids: ['prose'],
  },
};
const answer = { id: 2, slug: 'terminos-condiciones', titulo: 'Términos & <condiciones>', html: '<h2>Uso</h2><table><tr><td>1</td></tr></table>', actualizado: '2026-03-01' };

const answering = (status: number, data: unknown) => jest.fn(async () => new Response(JSON.stringify(status < 400 ? { data } : data), { status }));

describe('an information page stitched with its text', () => {
  it('asks the API for each template in es-PE and keeps what it answers', async () => {
    const fetchImpl = answering(200, answer);
    expect(await fetchPageData([TERMS, { path: '/oficina', ...skeleton }], 'http://api.test/', fetchImpl)).toEqual({ '/rest/informacion/2': answer });
    expect(fetchImpl).toHaveBeenCalledWith('http://api.test/rest/informacion/2', expect.objectContaining({ headers: expect.objectContaining({ 'Accept-Language': 'es-PE' }) }));
  });

  it.each([
    ['an error', answering(500, { message: 'down' })],
    ['no answer', jest.fn(async () => Promise.reject(new TypeError('fetch failed')))],
    ['another shape', answering(200, { titulo: 'x' })],
    ['HTML outside the allowlist', answering(200, { ...answer, html: '<p onclick="x()">hola</p>' })],
  ])('leaves the skeleton on %s', async (_, fetchImpl) => {
    const answers = await fetchPageData([TERMS], 'http://api.test', fetchImpl);
    expect(answers).toEqual({});
    expect(pageWithData(TERMS, { answers })).toEqual({ page: { path: TERMS.path, ...skeleton }, data: undefined });
  });

  it('fills the template: text escaped, tables boxed as the browser boxes them, its CSS, and the answer to hydrate from', () => {
    const { page, data } = pageWithData(TERMS, { answers: { '/rest/informacion/2': answer } });
    expect(page.html).toBe(
      '<h1>Términos &amp; &lt;condiciones&gt;</h1><time dateTime="2026-03-01">1 de marzo de 2026</time>' +
        '<div><h2>Uso</h2><div class="table-scroll" tabindex="0"><table><tr><td>1</td></tr></table></div></div>',
    );
    expect(page).toMatchObject({ css: '.prose{}', ids: ['prose'] });
    expect(data).toEqual({ '/rest/informacion/2': { language: 'es-PE', page: answer, dateText: '1 de marzo de 2026' } });
  });

  it('writes the data so no text can close its script', () => {
    expect(pageDataScript({ k: '</script><script>alert(1)</script>' })).toBe(
      '<script type="application/json" id="page-data">{"k":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script>',
    );
    expect(pageDataScript(undefined)).toBe('');
  });

  it("checks the API's allowlist", () => {
    expect(isAllowedHtml('<h2>A</h2><p>b <a href="https://x.pe/a?b=1&amp;c=2">x</a> <a href="/pasajes">y</a> <a href="mailto:a@b.pe">m</a><br /></p><table><tr><th scope="col">t</th></tr></table>')).toBe(true);
    for (const html of ['<script>x</script>', '<a href="javascript:alert(1)">x</a>', '<a href="java&#115;cript:x">x</a>', '<a href="//evil.pe">x</a>', '<img src="x">', '<p style="x">a</p>', '<p>a < b</p>']) {
      expect([html, isAllowedHtml(html)]).toEqual([html, false]);
    }
    expect(boxTables('<table></table>')).toBe('<div class="table-scroll" tabindex="0"><table></table></div>');
  });

  it("writes a timestamp's date as Lima's day", () => {
    expect(formatDayEs('2026-03-02T03:00:00Z')).toBe('1 de marzo de 2026');
  });
});

describe('/login stitched for the site\'s sign-in providers', () => {
  const variant = (name: string) => ({ html: `<form>${name}</form>`, css: `.${name || 'none'}{}`, ids: [name || 'none'] });
  const LOGIN: BuiltPage = {
    path: '/login',
    ...variant(''),
    providerVariants: { '': variant(''), google: variant('google'), facebook: variant('facebook'), 'google+facebook': variant('google+facebook') },
  };

  it.each([
    [{}, '', []],
    [{ googleClientId: 'g' }, 'google', ['google']],
    [{ facebookAppId: 'f' }, 'facebook', ['facebook']],
    [{ googleClientId: 'g', facebookAppId: 'f' }, 'google+facebook', ['google', 'facebook']],
  ])('config %j: its variant, and the set the page hydrates with', (config, name, providers) => {
    expect(providerSet(config)).toEqual(providers);
    expect(pageWithData(LOGIN, { config })).toEqual({ page: { path: '/login', ...variant(name) }, data: { signInProviders: providers } });
  });
});

describe("another remote's part in a page's slot", () => {
  const SEARCH: BuiltSlot = { id: 'trip-search', html: '<form>buscar</form>', css: '.form{}', ids: ['form'], data: { key: '/rest/terminales', method: 'POST', path: '/rest/terminales' } };
  const HOME = { path: '/', html: `<h1>Viaja</h1>${slotMarkup('trip-search')}<div aria-busy="true"></div>`, css: '', ids: [] };
  const terminals = [{ cterminal: 1, nombre: 'Terminal Plaza Norte', direccion: 'Av. Túpac Amaru', cciudad: 4, ciudad: 'Lima', codigo: 'LIM' }];

  it('finds the slots a page leaves', () => {
    expect(slotsIn(HOME.html)).toEqual(['trip-search']);
    expect(slotsIn('<div data-parcel-slot="trip-search"><form></form></div>')).toEqual([]);
  });

  it("asks the API for each part's data with its method, in es-PE", async () => {
    const fetchImpl = answering(200, terminals);
    expect(await fetchSlotData([SEARCH], 'http://api.test/', fetchImpl)).toEqual({ '/rest/terminales': terminals });
    expect(fetchImpl).toHaveBeenCalledWith(
      'http://api.test/rest/terminales',
      expect.objectContaining({ method: 'POST', body: '{}', headers: expect.objectContaining({ 'Accept-Language': 'es-PE' }) }),
    );
  });

  it.each([
    ['an error', answering(500, { message: 'down' })],
    ['no answer', jest.fn(async () => Promise.reject(new TypeError('fetch failed')))],
    ['no list', answering(200, { codigo: 'LIM' })],
    ['an empty list', answering(200, [])],
  ])('leaves the slot empty on %s', async (_, fetchImpl) => {
    const answers = await fetchSlotData([SEARCH], 'http://api.test', fetchImpl);
    expect(answers).toEqual({});
    expect(fillSlots(HOME, { [SEARCH.id]: SEARCH }, answers)).toEqual({ page: HOME, parts: [], data: undefined });
  });

  it('fills the slot with the part, and gives its CSS and the data it hydrates from', () => {
    const { page, parts, data } = fillSlots(HOME, { [SEARCH.id]: SEARCH }, { '/rest/terminales': terminals });
    expect(page.html).toBe('<h1>Viaja</h1><div data-parcel-slot="trip-search"><form>buscar</form></div><div aria-busy="true"></div>');
    expect(parts).toEqual([SEARCH]);
    expect(data).toEqual({ '/rest/terminales': terminals });
  });

  it('leaves a slot no live remote fills', () => {
    expect(fillSlots(HOME, {}, { '/rest/terminales': terminals }).page).toEqual(HOME);
  });

  describe("a keyed part (a destination page's search, drawn for its city)", () => {
    const TO: BuiltSlot = { ...SEARCH, id: 'trip-search-to', html: '<input name="destino" value="__STITCH_ciudad__ (__STITCH_codigo__)">', keyedBy: 'codigo' };
    const withCity = [...terminals, { cterminal: 21, nombre: 'Terminal Cusco', direccion: 'Av. Vallejo', cciudad: 2, ciudad: 'Cusco <& "Qosqo">', codigo: 'CUZ' }];
    const DESTINATION = { path: '/destinos/cusco', html: `<h1>Cusco</h1>${slotMarkup('trip-search-to', 'CUZ')}`, css: '', ids: [] };

    it('is found with its key, and filled with the fields of the item of that key, escaped', () => {
      expect(slotsIn(DESTINATION.html)).toEqual(['trip-search-to']);
      const { page, parts, data } = fillSlots(DESTINATION, { [TO.id]: TO }, { '/rest/terminales': withCity });
      expect(page.html).toBe('<h1>Cusco</h1><div data-parcel-slot="trip-search-to" data-slot-key="CUZ"><input name="destino" value="Cusco &lt;&amp; &quot;Qosqo&quot;&gt; (CUZ)"></div>');
      expect(parts).toEqual([TO]);
      expect(data).toEqual({ '/rest/terminales': withCity });
    });

    it('stays empty when no item has its key, or it has none', () => {
      expect(fillSlots({ ...DESTINATION, html: slotMarkup('trip-search-to', 'PIU') }, { [TO.id]: TO }, { '/rest/terminales': withCity })).toMatchObject({ parts: [], data: undefined });
      expect(fillSlots({ ...DESTINATION, html: slotMarkup('trip-search-to') }, { [TO.id]: TO }, { '/rest/terminales': withCity }).parts).toEqual([]);
    });
  });
});

describe("the stitched page's inline script", () => {
  it("fills today's date and the date fields' days from it, in Lima, before the page paints", () => {
    document.body.innerHTML =
      '<span data-lima-today=""></span><input type="date" value="2026-01-05" min="2026-01-05" max="2026-04-05" data-lima-dates="value:0 min:0 max:90">' +
      '<input type="date" min="2026-01-05" data-lima-dates="min:0">';
    new Function(pageGuard('rumbo'))();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date()).split('-');
    const today = `${y}-${m}-${d}`;
    const later = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) + 90)).toISOString().slice(0, 10);
    expect(document.querySelector('span')).toHaveTextContent(`${d}/${m}/${y}`);
    const [departure, back] = document.querySelectorAll('input');
    expect(departure).toHaveValue(today);
    expect(departure).toHaveAttribute('min', today);
    expect(departure).toHaveAttribute('max', later);
    expect(back).toHaveAttribute('min', today);
    expect(back).toHaveValue('');
  });

  it('hides what shows until a day once that day has passed in Lima (a stitched promotion)', () => {
    const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date()).split('-').map(Number);
    const day = (offset: number) => new Date(Date.UTC(y!, m! - 1, d! + offset)).toISOString().slice(0, 10);
    document.body.innerHTML = `<article data-lima-until="${day(-1)}">ayer</article><article data-lima-until="${day(0)}">hoy</article><article data-lima-until="${day(30)}">luego</article>`;
    new Function(pageGuard('rumbo'))();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect([...document.querySelectorAll('article')].map((article) => article.hidden)).toEqual([true, false, false]);
  });
});

describe('a page rendered at deploy with its data (a destination)', () => {
  const CUSCO_PAGE: BuiltPage = { path: '/destinos/cusco', ...skeleton, renderedWithData: { endpoint: '/rest/destino/cusco' } };
  const destination = { nombre: 'Cusco', rutas: [] };
  const rendered = { html: '<h1>Viaja a Cusco</h1>', css: '.h{}', ids: ['h'], data: { '/rest/destino/cusco': { language: 'es-PE', destination } } };

  it("asks the API in es-PE and has the version's renderer render the page with the answer", async () => {
    const fetchImpl = answering(200, destination);
    const render = jest.fn(async () => rendered);
    expect(await renderPagesWithData([CUSCO_PAGE, { path: '/oficina', ...skeleton }], 'http://api.test', render, fetchImpl)).toEqual({ '/destinos/cusco': rendered });
    expect(render).toHaveBeenCalledWith('/destinos/cusco', destination);
    expect(fetchImpl).toHaveBeenCalledWith('http://api.test/rest/destino/cusco', expect.objectContaining({ headers: expect.objectContaining({ 'Accept-Language': 'es-PE' }) }));
    const { page, data } = pageWithData(CUSCO_PAGE, { answers: { rendered: { '/destinos/cusco': rendered } } });
    expect(page).toEqual({ path: '/destinos/cusco', html: rendered.html, css: rendered.css, ids: rendered.ids });
    expect(data).toEqual(rendered.data);
  });

  it.each([
    ['the API fails', answering(500, { message: 'down' }), async () => rendered],
    ['the renderer refuses the answer', answering(200, destination), async () => undefined],
    ['the renderer throws', answering(200, destination), async () => Promise.reject(new Error('bad'))],
  ])('keeps the skeleton when %s', async (_, fetchImpl, render) => {
    const answers = { rendered: await renderPagesWithData([CUSCO_PAGE], 'http://api.test', render, fetchImpl) };
    expect(answers.rendered).toEqual({});
    expect(pageWithData(CUSCO_PAGE, { answers })).toEqual({ page: { path: CUSCO_PAGE.path, ...skeleton }, data: undefined });
  });
});
