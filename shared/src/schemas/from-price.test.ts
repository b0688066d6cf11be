import { DECKS, FARE_FIELDS, fareFieldOf, fareParts, fromPrice } from './booking.contract';

const fares = { edd_calc_140_p1: 95, edd_calc_140_p2: 90, edd_calc_160_p1: null, edd_calc_180_p2: 0 };

describe('the "from" price, one rule for browser and server', () => {
  it('is nprecio_desde when it is a positive price', () => {
    expect(fromPrice({ ...fares, nprecio_desde: 72 })).toBe(72);
  });

  it('reads nprecio_desde of 0 or less, or null, as absent: the lowest positive fare then', () => {
    expect(fromPrice({ ...fares, nprecio_desde: null })).toBe(90);
    expect(fromPrice({ ...fares, nprecio_desde: 0 })).toBe(90);
    expect(fromPrice({ ...fares, nprecio_desde: -5 })).toBe(90);
  });

  it('is undefined when the trip has no price at all', () => {
    expect(fromPrice({ nprecio_desde: null, edd_calc_140_p1: 0 })).toBeUndefined();
  });
});

describe("a seat's fare field, one rule for browser and server", () => {
  it('names the field of its class and deck, and the single-seat one', () => {
    expect(fareFieldOf({ gcategoria_asiento: 140, gnivel_piso: 15 })).toBe('edd_calc_140_p1');
    expect(fareFieldOf({ gcategoria_asiento: 180, gnivel_piso: 16 })).toBe('edd_calc_180_p2');
    expect(fareFieldOf({ gcategoria_asiento: 160, gnivel_piso: 15 }, true)).toBe('edd_calc_160_p1_individual');
  });

  it('reads every fare field back to its class, deck and single-seat mark', () => {
    for (const field of FARE_FIELDS) {
      const { clase, piso, individual } = fareParts(field);
      expect(fareFieldOf({ gcategoria_asiento: clase, gnivel_piso: DECKS[piso - 1]! }, individual)).toBe(field);
    }
  });
});
