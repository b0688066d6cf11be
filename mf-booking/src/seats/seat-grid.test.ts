import { applyHeldSeats, buildSeatGrid, seatStatus, seatsOf } from './seat-grid';
import { TWO_DECKS, facility, held, seat } from '../testing/fixtures';

describe('applyHeldSeats', () => {
  it("shows someone else's hold (84) as taken (82) and keeps the other states", () => {
    const cells = applyHeldSeats(100, TWO_DECKS, []);
    const state = (n: number) => cells.find((cell) => cell.nasiento === n)?.gestado_asiento;
    expect(state(2)).toBe(82);
    expect(state(3)).toBe(82);
    expect(state(1)).toBe(83);
    expect(cells.filter((cell) => cell.gobjeto_sitio !== 1)).toEqual(TWO_DECKS.filter((cell) => cell.gobjeto_sitio !== 1));
  });

  it("overrides state and cviaje_asiento with this browser's holds when cviaje and nasiento match", () => {
    const cells = applyHeldSeats(100, TWO_DECKS, [held(2, { cviaje_asiento: 777 }), held(1, { cviaje: 999 })]);
    const two = cells.find((cell) => cell.nasiento === 2)!;
    expect(two.gestado_asiento).toBe(84);
    expect(two.cviaje_asiento).toBe(777);
    // same seat number, other trip: not ours
    const one = cells.find((cell) => cell.nasiento === 1)!;
    expect(one.gestado_asiento).toBe(83);
    expect(one.cviaje_asiento).toBe(5001);
  });

  it('does not mutate the fetched cells', () => {
    const before = JSON.stringify(TWO_DECKS);
    applyHeldSeats(100, TWO_DECKS, [held(2)]);
    expect(JSON.stringify(TWO_DECKS)).toBe(before);
  });
});

describe('buildSeatGrid', () => {
  it('makes one grid per deck, deck 1 (15) first, sized by the largest positions, with empty cells', () => {
    const decks = buildSeatGrid(100, applyHeldSeats(100, TWO_DECKS, []));
    expect(decks.map((deck) => [deck.gnivel_piso, deck.number, deck.columns, deck.rows.length])).toEqual([
      [15, 1, 3, 3],
      [16, 2, 4, 3],
    ]);
    const lower = decks[0]!;
    expect(lower.rows.map((row) => row.map((cell) => (cell.kind === 'seat' ? cell.seat.nasiento : cell.kind === 'facility' ? `f${cell.object}` : '.')))).toEqual([
      ['f4', '.', '.'],
      [5, '.', 6],
      ['.', '.', 'f3'],
    ]);
    const upper = decks[1]!;
    expect(upper.rows[1]!.map((cell) => cell.kind)).toEqual(['seat', 'seat', 'empty', 'seat']);
    expect(upper.rows[2]![0]).toEqual({ kind: 'facility', x: 1, y: 3, object: 2 });
  });

  it("marks this browser's seats as selected, and only those", () => {
    const mine = [held(2)];
    const decks = buildSeatGrid(100, applyHeldSeats(100, TWO_DECKS, mine), mine);
    const statuses = Object.fromEntries(seatsOf(decks).map((s) => [s.nasiento, seatStatus(s)]));
    expect(statuses).toEqual({ 1: 'available', 2: 'selected', 3: 'occupied', 4: 'promotion', 5: 'available', 6: 'available' });
  });

  it('accepts 0-based positions and a map without cells', () => {
    const decks = buildSeatGrid(1, [seat(1, 0, 0), facility(6, 1, 1)]);
    expect(decks[0]!.columns).toBe(2);
    expect(decks[0]!.rows[0]![0]!.kind).toBe('seat');
    expect(decks[0]!.rows[1]![1]).toMatchObject({ kind: 'facility', object: 6 });
    expect(buildSeatGrid(1, [])).toEqual([]);
  });
});
