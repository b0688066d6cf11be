import { boxTables, fetchPageData, formatDayEs, isAllowedHtml, pageDataScript, pageWithData, providerSet, type BuiltPage } from '../scripts/page-data.mjs';

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
