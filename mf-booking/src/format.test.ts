import { classesOf, faresOf, formatPrice, fromPrice, limaTime } from './format';
import { trip } from './testing/fixtures';

describe('fromPrice (spec §9)', () => {
  it('is nprecio_desde when the trip has one', () => {
    expect(fromPrice(trip({ nprecio_desde: 70 }))).toBe(70);
  });

  it('else the lowest positive fare field', () => {
    expect(fromPrice(trip({ nprecio_desde: null, edd_calc_140_p2: 0, edd_calc_160_p2: 95, edd_calc_180_p1: 88 }))).toBe(88);
  });

  it('is undefined when there is no positive price at all', () => {
    expect(fromPrice(trip({ edd_calc_160_p2: null, edd_calc_180_p1: 0 }))).toBeUndefined();
  });
});

describe('fares', () => {
  it('lists the existing fares with their class and deck', () => {
    const fares = faresOf(trip({ edd_calc_160_p1_individual: 110 }));
    expect(fares.map((fare) => [fare.field, fare.clase, fare.piso, fare.individual])).toEqual([
      ['edd_calc_160_p1_individual', 160, 1, true],
      ['edd_calc_160_p2', 160, 2, false],
      ['edd_calc_180_p1', 180, 1, false],
    ]);
    expect(classesOf(trip())).toEqual([160, 180]);
  });
});

describe('formatting', () => {
  it('writes prices as S/ with two decimals in the language', () => {
    expect(formatPrice(120, 'en-EN')).toBe('S/ 120.00');
    expect(formatPrice(1250.5, 'en-EN')).toBe('S/ 1,250.50');
    expect(formatPrice(120, 'es-PE')).toBe('S/ 120.00');
  });

  it('shows times in Lima whatever the device zone', () => {
    expect(limaTime('2026-11-28T01:30:00.000Z', 'es-PE')).toBe('20:30');
  });
});
