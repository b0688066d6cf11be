import type { SeatCell } from '@rumbo/shared/schemas';
import { held, seat } from '../testing/fixtures';
import { chooseSeats, classesByPrice } from './choose-seats';
import { applyHeldSeats, buildSeatGrid } from './seat-grid';

/**
 * A deck drawn as text, one line a row: a digit or letter is a free seat of that class
 * (e = 140 at S/ 60, s = 160 at S/ 90, v = 180 at S/ 120), `x` a taken one (160), `.` the aisle.
 * Seats are numbered left to right, front to back, from `first`.
 */
function deck(lines: string[], gnivel_piso = 15, first = 1): SeatCell[] {
  const classes: Record<string, [number, number]> = { e: [140, 60], s: [160, 90], v: [180, 120], x: [160, 90] };
  const cells: SeatCell[] = [];
  let n = first;
  lines.forEach((line, y) =>
    [...line].forEach((mark, x) => {
      const kind = classes[mark];
      if (!kind) return;
      cells.push(seat(n++, x + 1, y + 1, { gnivel_piso, gcategoria_asiento: kind[0], precio: kind[1], gestado_asiento: mark === 'x' ? 82 : 83 }));
    }),
  );
  return cells;
}

const decksOf = (cells: SeatCell[]) => buildSeatGrid(100, applyHeldSeats(100, cells, []));
const numbers = (cells: SeatCell[], count: number, clase?: number) => chooseSeats(decksOf(cells), count, clase)?.map((chosen) => chosen.nasiento);

describe('chooseSeats ("choose for me")', () => {
  it('seats 3 people side by side in the first row that has room, not over the aisle', () => {
    // Row 1: 1 2 . 3 4 (2 taken)   Row 2: 5 6 . 7 8 9   Row 3: 10 11 . 12 13 14
    const cells = deck(['sx.ss', 'ss.sss', 'ss.sss']);
    expect(numbers(cells, 3)).toEqual([7, 8, 9]);
  });

  it('seats them over the aisle when no row has them side by side', () => {
    const cells = deck(['sx.ss', 'ss.xs', 'xs.ss']);
    // Row 1 has 1, 3, 4 free over the aisle: the front row wins.
    expect(numbers(cells, 3)).toEqual([1, 3, 4]);
  });

  it('seats them in two rows one behind the other when no row has room', () => {
    // Rows of 2 seats: 2 free in row 1 (1, 2), 1 free in row 2 (4).
    const cells = deck(['ss', 'xs', 'xx']);
    expect(numbers(cells, 3)).toEqual([1, 2, 4]);
  });

  it('tries the cheapest class first, unless a class is chosen', () => {
    // Deck 1: VIP at S/ 120; deck 2: Económico at S/ 60.
    const cells = [...deck(['vv.vv', 'vv.vv']), ...deck(['ee.ee', 'ee.ee'], 16, 20)];
    expect(classesByPrice(decksOf(cells))).toEqual([140, 180]);
    expect(numbers(cells, 2)).toEqual([20, 21]);
    expect(numbers(cells, 2, 180)).toEqual([1, 2]);
  });

  it('takes a dearer class that seats everyone together over a cheaper one that cannot', () => {
    // Económico has 3 free seats, scattered far apart; Especial has a row of 3.
    const cells = [...deck(['ex.xe', 'xx.xx', 'xx.xx', 'ex.xx']), ...deck(['sss.s'], 16, 30)];
    expect(numbers(cells, 3)).toEqual([30, 31, 32]);
  });

  it('never splits a group over two decks, and answers nothing when no deck has room', () => {
    const cells = [...deck(['ss.xx']), ...deck(['ss.xx'], 16, 10)];
    expect(numbers(cells, 3)).toBeUndefined();
    expect(numbers(cells, 2)).toEqual([1, 2]);
  });

  it('falls back to the front-most free seats of one deck when none sit together', () => {
    const cells = deck(['sx.xs', 'xx.xx', 'xs.xx']);
    expect(numbers(cells, 3)).toEqual([1, 4, 10]);
  });

  it('leaves out seats this browser already holds and seats without a row', () => {
    const cells = deck(['ss.ss.']);
    const mine = [held(1, { cviaje_asiento: 5001, gnivel_piso: 15 })];
    const decks = buildSeatGrid(100, applyHeldSeats(100, [...cells, seat(5, 6, 1, { cviaje_asiento: null, gcategoria_asiento: 160, precio: 10 })], mine), mine);
    expect(chooseSeats(decks, 2)?.map((chosen) => chosen.nasiento)).toEqual([3, 4]);
  });
});
