import { applyHeldSeats, buildSeatGrid, firstSeat, gridMoveOf, moveInDeck, seatStatus, seatsOf, type GridMove } from './seat-grid';
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

/**
 * A 2+1 deck (columns 1–2, aisle 3, column 4) of four rows: the driver ahead of the aisle seats' row,
 * row 3 has the stairs where seat 7 would be, row 4 a middle seat in a 2+1+… wide back row.
 *   y1:  [driver] .   .   .
 *   y2:   1       2   .   3
 *   y3:  stairs   5   .   6
 *   y4:   8       9   10  11
 */
const BUS = [
  facility(4, 1, 1),
  seat(1, 1, 2),
  seat(2, 2, 2),
  seat(3, 4, 2),
  facility(2, 1, 3),
  seat(5, 2, 3),
  seat(6, 4, 3),
  seat(8, 1, 4),
  seat(9, 2, 4),
  seat(10, 3, 4),
  seat(11, 4, 4),
];

describe('seat rows and positions', () => {
  it('counts rows with seats from the front, and tells window, aisle and middle seats', () => {
    const [deck] = buildSeatGrid(1, BUS);
    const seats = deck!.rows.flat().flatMap((cell) => (cell.kind === 'seat' ? [[cell.seat.nasiento, cell.row, cell.position]] : []));
    expect(seats).toEqual([
      [1, 1, 'window'],
      [2, 1, 'aisle'],
      [3, 1, 'window'],
      [5, 2, 'aisle'],
      [6, 2, 'window'],
      [8, 3, 'window'],
      [9, 3, 'middle'],
      [10, 3, 'middle'],
      [11, 3, 'window'],
    ]);
  });
});

describe('moveInDeck', () => {
  const [deck] = buildSeatGrid(1, BUS);
  const to = (from: number, move: GridMove) => moveInDeck(deck!, from, move)?.seat.nasiento;

  it('moves left and right seat by seat over the aisle, and stays at the ends of a row', () => {
    expect(to(1, 'right')).toBe(2);
    expect(to(2, 'right')).toBe(3);
    expect(to(3, 'right')).toBeUndefined();
    expect(to(3, 'left')).toBe(2);
    expect(to(1, 'left')).toBeUndefined();
    // the stairs are skipped: 5 is the row's first seat
    expect(to(5, 'left')).toBeUndefined();
  });

  it('moves up and down in the same column, over facilities, else to the nearest seat of the next row', () => {
    expect(to(1, 'down')).toBe(8);
    expect(to(8, 'up')).toBe(1);
    expect(to(2, 'down')).toBe(5);
    expect(to(3, 'down')).toBe(6);
    expect(to(10, 'up')).toBe(5);
    expect(to(1, 'up')).toBeUndefined();
    expect(to(11, 'down')).toBeUndefined();
  });

  it('jumps to the start and end of the row and of the deck', () => {
    expect(to(9, 'rowStart')).toBe(8);
    expect(to(9, 'rowEnd')).toBe(11);
    expect(to(6, 'deckStart')).toBe(1);
    expect(to(2, 'deckEnd')).toBe(11);
    expect(firstSeat(deck!)?.seat.nasiento).toBe(1);
  });

  it('reads the keys of the grid pattern', () => {
    const key = (k: string, ctrlKey = false) => gridMoveOf({ key: k, ctrlKey, metaKey: false });
    expect([key('ArrowLeft'), key('ArrowRight'), key('ArrowUp'), key('ArrowDown')]).toEqual(['left', 'right', 'up', 'down']);
    expect([key('Home'), key('End'), key('Home', true), key('End', true), key('PageUp'), key('PageDown')]).toEqual([
      'rowStart',
      'rowEnd',
      'deckStart',
      'deckEnd',
      'deckStart',
      'deckEnd',
    ]);
    expect(key('Tab')).toBeUndefined();
  });
});
