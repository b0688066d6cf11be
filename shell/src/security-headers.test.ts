import { isPublicFile, providerSet, siteContentSecurityPolicy, siteSecurityHeaders, STRICT_TRANSPORT_SECURITY } from '../scripts/security-headers.mjs';

/** The headers any server of the site sends (shell/server/site-server.ts), as plain values. */
const SITE = { nonce: 'abc', apiOrigin: 'https://api.rumboandino.pe', remoteOrigins: ['https://cdn.rumboandino.pe'] };
const directives = (csp: string) => Object.fromEntries(csp.split(';').map((part) => [part.split(' ')[0], part.split(' ').slice(1)]));

describe('siteContentSecurityPolicy', () => {
  it('allows the inline scripts whose hashes it is given, beside the nonce', () => {
    const csp = directives(siteContentSecurityPolicy({ ...SITE, hashes: ['q1w2e3='], providers: [] }));
    expect(csp['script-src']).toEqual(["'self'", "'nonce-abc'", "'sha256-q1w2e3='", 'https://cdn.rumboandino.pe']);
  });

  it('names no sign-in provider that is not configured', () => {
    const csp = directives(siteContentSecurityPolicy({ ...SITE, providers: [] }));
    expect(csp['script-src']).toEqual(["'self'", "'nonce-abc'", 'https://cdn.rumboandino.pe']);
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.rumboandino.pe', 'https://secure.culqi.com', 'https://cdn.rumboandino.pe']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
  });

  it('allows each configured provider what its sign-in needs, and nothing for an unknown name', () => {
    const google = directives(siteContentSecurityPolicy({ ...SITE, providers: ['google'] }));
    expect(google['script-src']).toEqual(["'self'", "'nonce-abc'", 'https://accounts.google.com', 'https://cdn.rumboandino.pe']);
    expect(google['frame-src']).toEqual(['https://accounts.google.com']);
    const facebook = directives(siteContentSecurityPolicy({ ...SITE, providers: ['facebook', 'other'] }));
    expect(facebook['script-src']).toEqual(["'self'", "'nonce-abc'", 'https://connect.facebook.net', 'https://cdn.rumboandino.pe']);
    expect(facebook['frame-src']).toEqual(["'none'"]);
  });

  it('comes with HSTS for a year, subdomains included', () => {
    expect(siteSecurityHeaders({ ...SITE, providers: [] })['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('isPublicFile', () => {
  it.each([
    ['main.js', true],
    ['assets/logo.0123456789.svg', true],
    ['main.js.map', false],
    ['/1.0.0-abc/src_a.0123456789.js.map', false],
    ['main.js.map.br', false],
    ['main.js.map.gz', false],
    ['sitemap.xml', true],
  ])('%s → %s', (file, expected) => {
    expect(isPublicFile(file)).toBe(expected);
  });
});

describe('providerSet', () => {
  it('names the providers the runtime config offers', () => {
    expect(providerSet({})).toEqual([]);
    expect(providerSet({ googleClientId: 'id.apps.googleusercontent.com' })).toEqual(['google']);
    expect(providerSet({ googleClientId: 'id', facebookAppId: '123' })).toEqual(['google', 'facebook']);
  });
});
