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
});

describe('loginPath', () => {
  it('keeps the slashes of the path readable, as the spec writes it', () => {
    expect(loginPath('/micuenta')).toBe('/login?pathname=/micuenta');
    expect(returnPath(loginPath('/micuenta/viajes').slice('/login'.length))).toBe('/micuenta/viajes');
  });
});
