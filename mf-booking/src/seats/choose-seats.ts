import { seatStatus, type Deck, type Seat, type SeatCellOf } from './seat-grid';

/** A seat anyone may take now: free (or on promotion), with its row on the server. */
export const isFree = (seat: Seat) => !seat.mine && seat.cviaje_asiento !== null && (seatStatus(seat) === 'available' || seatStatus(seat) === 'promotion');

/** The free seats of a deck with a row index (front first), per row left to right. */
function freeRows(deck: Deck, clase: number): SeatCellOf[][] {
  return deck.rows
    .map((row) => row.filter((cell): cell is SeatCellOf => cell.kind === 'seat'))
    .filter((row) => row.length > 0)
    .map((row) => row.filter((cell) => isFree(cell.seat) && cell.seat.gcategoria_asiento === clase));
}

/** How together a group sits: side by side (0), in one row over the aisle (1), in two rows one behind the other (2), on one deck (3). */
type Tier = 0 | 1 | 2 | 3;

interface Group {
  cells: SeatCellOf[];
  tier: Tier;
  price: number;
  /** Row of its first seat, deck-wise (front first), and the deck's order. */
  row: number;
  deck: number;
}

const priceOf = (cells: readonly SeatCellOf[]) => cells.reduce((sum, cell) => sum + (cell.seat.precio ?? 0), 0);

/** Every way to seat `count` people of one class on one deck, each with how together it is. */
function groupsOn(deck: Deck, deckIndex: number, count: number, clase: number): Group[] {
  const rows = freeRows(deck, clase);
  const groups: Group[] = [];
  const add = (cells: SeatCellOf[], tier: Tier, row: number) => groups.push({ cells, tier, price: priceOf(cells), row, deck: deckIndex });
  rows.forEach((row, r) => {
    for (let i = 0; i + count <= row.length; i += 1) {
      const cells = row.slice(i, i + count);
      // Side by side: every seat in the next column (no aisle, no facility between).
      const sideBySide = cells.every((cell, k) => k === 0 || cell.x === cells[k - 1]!.x + 1);
      add(cells, sideBySide ? 0 : 1, r);
    }
    const next = rows[r + 1];
    if (next && row.length > 0 && next.length > 0 && row.length + next.length >= count) {
      // Two rows one behind the other: the `count` seats whose columns are closest together.
      const both = [...row, ...next].sort((a, b) => a.x - b.x || a.y - b.y);
      let best: SeatCellOf[] | undefined;
      for (let i = 0; i + count <= both.length; i += 1) {
        const cells = both.slice(i, i + count);
        const spread = cells.at(-1)!.x - cells[0]!.x;
        if (!best || spread < best.at(-1)!.x - best[0]!.x) best = cells;
      }
      // One behind the other: within as many columns as people (else they are apart, tier 3).
      if (best && best.at(-1)!.x - best[0]!.x < count && best.some((cell) => row.includes(cell)) && best.some((cell) => next.includes(cell))) add(best, 2, r);
    }
  });
  const all = rows.flat();
  if (all.length >= count) add(all.slice(0, count), 3, rows.findIndex((row) => row.includes(all[0]!)));
  return groups;
}

const better = (a: Group, b: Group) => a.tier - b.tier || a.price - b.price || a.deck - b.deck || a.row - b.row || a.cells[0]!.x - b.cells[0]!.x;

/** The classes of the free seats, cheapest first (by their cheapest free seat). */
export function classesByPrice(decks: readonly Deck[]): number[] {
  const cheapest = new Map<number, number>();
  for (const deck of decks)
    for (const row of deck.rows)
      for (const cell of row) {
        if (cell.kind !== 'seat' || !isFree(cell.seat)) continue;
        const { gcategoria_asiento: clase, precio } = cell.seat;
        cheapest.set(clase, Math.min(cheapest.get(clase) ?? Infinity, precio ?? Infinity));
      }
  return [...cheapest.entries()].sort((a, b) => a[1] - b[1] || a[0] - b[0]).map(([clase]) => clase);
}

/**
 * "Choose for me": the best `count` free seats together. Together means, best first: side by side
 * in one row; in one row over the aisle; in two rows one behind the other; anywhere on one deck.
 * Classes are tried cheapest first (only `clase` when the customer chose one): the first class that
 * seats everyone at least in two rows wins; else the cheapest that seats them on one deck. Among
 * equally good groups: the cheaper, then deck 1, then nearer the front, then the left. Undefined
 * when no class has `count` free seats on one deck.
 */
export function chooseSeats(decks: readonly Deck[], count: number, clase?: number): Seat[] | undefined {
  if (count <= 0) return [];
  const classes = clase === undefined ? classesByPrice(decks) : [clase];
  let loose: Group | undefined;
  for (const each of classes) {
    const groups = decks.flatMap((deck, i) => groupsOn(deck, i, count, each)).sort(better);
    const best = groups[0];
    if (!best) continue;
    if (best.tier < 3) return best.cells.map((cell) => cell.seat);
    loose ??= best;
  }
  return loose?.cells.map((cell) => cell.seat);
}
