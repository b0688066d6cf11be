import { loginPath, returnPath } from './navigation';

describe('returnPath', () => {
  it.each([
    ['?pathname=/micuenta/puntos', '/micuenta/puntos'],
    ['?pathname=%2Fpasajes%3Forigen%3Dlima', '/pasajes?origen=lima'],
    ['', '/micuenta'],
    ['?pathname=', '/micuenta'],
    ['?pathname=https://evil.test/', '/micuenta'],
    ['?pathname=//evil.test/x', '/micuenta'],
    ['?pathname=/\\evil.test', '/micuenta'],
    ['?pathname=javascript:alert(1)', '/micuenta'],
  ])('%s → %s', (search, expected) => {
    expect(returnPath(search)).toBe(expected);
  });

  // Issue 32 item 2: paths that only become `//host` (another site) once dot segments, backslashes
  // or encoded characters are normalised, as the browser does when it follows them.
  it.each([
    '?pathname=/.//evil.example/x',
    '?pathname=/..//evil.example/x',
    '?pathname=/a/..//evil.example/x',
    '?pathname=/a/b/../..//evil.example/x',
    '?pathname=/%2e//evil.example/x',
    '?pathname=/%2E%2E//evil.example/x',
    '?pathname=%2F%2Fevil.example/x',
    '?pathname=/%5Cevil.example/x',
    '?pathname=%5C%5Cevil.example/x',
    '?pathname=/.\\evil.example/x',
    '?pathname=/./\\evil.example/x',
    '?pathname=/a/..\\/evil.example/x',
    '?pathname=/\t/evil.example/x',
    '?pathname=/%09/evil.example/x',
    '?pathname=/%0A/evil.example/x',
    '?pathname=/\n/evil.example/x',
  ])('%s stays on the site (→ /micuenta)', (search) => {
    const path = returnPath(search);
    expect(path).toBe('/micuenta');
  });

  it.each([
    ['?pathname=/micuenta/./viajes', '/micuenta/viajes'],
    ['?pathname=/pasajes/../micuenta', '/micuenta'],
    // An encoded slash stays encoded: a path of the site, never turned into `//host`.
    ['?pathname=/%252F%252Fevil.example/x', '/%2F%2Fevil.example/x'],
    ['?pathname=/pasajes?x=//evil.example', '/pasajes?x=//evil.example'],
  ])('a path of the site is kept, normalised: %s → %s', (search, expected) => {
    expect(returnPath(search)).toBe(expected);
  });

  it('answers only what the browser resolves to the site itself, whatever its origin', () => {
    for (const search of ['?pathname=/.//evil.example/x', '?pathname=/micuenta/puntos']) {
      const path = returnPath(search, 'https://www.rumboandino.pe');
      expect(new URL(path, 'https://www.rumboandino.pe/login?x').origin).toBe('https://www.rumboandino.pe');
    }
    // Only a path: even the site's own absolute address is not one.
    expect(returnPath('?pathname=https://www.rumboandino.pe/micuenta', 'https://www.rumboandino.pe')).toBe('/micuenta');
    expect(returnPath('?pathname=/.//evil.example/x', 'https://www.rumboandino.pe')).toBe('/micuenta');
  });
});

describe('loginPath', () => {
  it('keeps the slashes of the path readable, as the spec writes it', () => {
    expect(loginPath('/micuenta')).toBe('/login?pathname=/micuenta');
    expect(returnPath(loginPath('/micuenta/viajes').slice('/login'.length))).toBe('/micuenta/viajes');
  });
});
