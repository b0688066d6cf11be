import { seatsTripOf, seatsUrl } from './trips-url';

describe("step 2's address", () => {
  it('names the trip and its stretch, and is read back', () => {
    const trip = { cviaje: 1234, cterminal_origen: 81, cterminal_destino: 11 };
    const url = seatsUrl(trip);
    expect(url).toBe('/pasajes/asientos?cviaje=1234&cterminal_origen=81&cterminal_destino=11');
    expect(seatsTripOf(Object.fromEntries(new URL(url, 'http://site').searchParams))).toEqual(trip);
    expect(seatsUrl(undefined)).toBe('/pasajes/asientos');
  });

  it('reads no trip from a query that does not name one whole', () => {
    for (const query of [{}, { cviaje: '12', cterminal_origen: '81' }, { cviaje: '0', cterminal_origen: '81', cterminal_destino: '11' }, { cviaje: '1e3', cterminal_origen: '81', cterminal_destino: '11' }, { cviaje: '-4', cterminal_origen: '81', cterminal_destino: '11' }]) {
      expect(seatsTripOf(query)).toBeUndefined();
    }
  });
});
