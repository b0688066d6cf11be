import { limaAtom, limaWallClock } from '@rumbo/shared/schemas';
import { centimosOf, decimalOf, headerOf, safeEqual } from './signing';

describe('amounts', () => {
  it('writes céntimos as the providers’ decimals without floating point', () => {
    expect(decimalOf(12345)).toBe('123.45');
    expect(decimalOf(5)).toBe('0.05');
    expect(decimalOf(100)).toBe('1.00');
    expect(decimalOf(0)).toBe('0.00');
    expect(decimalOf(123456789012)).toBe('1234567890.12');
    expect(() => decimalOf(12.5)).toThrow(RangeError);
    expect(() => decimalOf(-1)).toThrow(RangeError);
  });

  it('reads decimals and JSON numbers back as exact céntimos, refusing anything else', () => {
    expect(centimosOf('123.45')).toBe(12345);
    expect(centimosOf('123.4')).toBe(12340);
    expect(centimosOf('123')).toBe(12300);
    expect(centimosOf(123.45)).toBe(12345);
    expect(centimosOf(0.1 + 0.2)).toBe(30);
    expect(centimosOf(160)).toBe(16000);
    for (const bad of ['123.456', '-1.00', '1e3', '12,30', '', ' ', 'abc', null, undefined, 123.456, Number.NaN, {}]) {
      expect(centimosOf(bad)).toBeNull();
    }
  });
});

describe('dates in Lima time', () => {
  it('are UTC−5 wall clock, with and without the offset', () => {
    const instant = new Date('2026-03-01T14:30:05.123Z');
    expect(limaWallClock(instant)).toBe('2026-03-01T09:30:05');
    expect(limaAtom(instant)).toBe('2026-03-01T09:30:05-05:00');
    expect(new Date(limaAtom(instant)).getTime()).toBe(Math.floor(instant.getTime() / 1000) * 1000);
  });
});

describe('safeEqual', () => {
  it('compares secrets exactly and hex signatures case-insensitively', () => {
    expect(safeEqual('secret', 'secret')).toBe(true);
    expect(safeEqual('Secret', 'secret')).toBe(false);
    expect(safeEqual('secret', 'secret2')).toBe(false);
    expect(safeEqual('', 'secret')).toBe(false);
    expect(safeEqual('ABCDEF', 'abcdef', { hex: true })).toBe(true);
    expect(safeEqual('ABCDEF', 'abcdee', { hex: true })).toBe(false);
  });
});

describe('headerOf', () => {
  it('finds a header in any case, first of repeated ones', () => {
    expect(headerOf({ 'pe-signature': 'abc' }, 'PE-Signature')).toBe('abc');
    expect(headerOf({ 'PE-Signature': ['x', 'y'] }, 'pe-signature')).toBe('x');
    expect(headerOf({}, 'pe-signature')).toBe('');
  });
});
