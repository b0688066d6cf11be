import type { HeldSeat } from '@rumbo/shared';
import { deckNumber, SEAT_STATE, type SeatCell } from '@rumbo/shared/schemas';

/** `gobjeto_sitio` codes (DECISIONS.md, Seat map). */
export const SITE_OBJECT = { EMPTY: 0, SEAT: 1, STAIRS: 2, RESTROOM: 3, DRIVER: 4, SCREEN: 5, DOOR: 6 } as const;
export { DECKS, deckNumber, type DeckCode } from '@rumbo/shared/schemas';

export const SEAT_CLASSES = [140, 160, 180] as const;
export type SeatClass = (typeof SEAT_CLASSES)[number];

/** What a seat shows (spec §4): available, selected (held by this browser), promotion, occupied. */
export type SeatStatus = 'available' | 'selected' | 'promotion' | 'occupied';

const { SOLD, AVAILABLE, HELD } = SEAT_STATE;

/** A seat cell after the load rules: its state is 82, 83, or 84 only when this browser holds it. */
export interface Seat extends SeatCell {
  nasiento: number;
  gcategoria_asiento: number;
  gestado_asiento: number;
  /** This browser holds it (from `ASIENTOS`). */
  mine: boolean;
}

/** Where a seat sits across the bus: by a window, by the aisle, or between two seats. */
export type SeatPosition = 'window' | 'aisle' | 'middle';

export type GridCell =
  | { kind: 'empty'; x: number; y: number }
  | { kind: 'facility'; x: number; y: number; object: number }
  | {
      kind: 'seat';
      x: number;
      y: number;
      seat: Seat;
      /** The seat's row as a passenger counts it: rows with seats, front to back, from 1. */
      row: number;
      position: SeatPosition;
    };

export type SeatCellOf = Extract<GridCell, { kind: 'seat' }>;

export interface Deck {
  gnivel_piso: number;
  /** 1 for 15, 2 for 16. */
  number: number;
  columns: number;
  /** Rows front to back, each `columns` cells long. */
  rows: GridCell[][];
}


const isSeat = (cell: SeatCell) => cell.gobjeto_sitio === SITE_OBJECT.SEAT && cell.nasiento !== null && cell.gcategoria_asiento !== null;

/**
 * The load rules of the seat map (spec §4): a seat someone else holds (84) shows as taken (82);
 * then a seat this browser holds (`ASIENTOS`, same `cviaje` and `nasiento`) overrides the fetched
 * state (84, "selected") and `cviaje_asiento`.
 */
export function applyHeldSeats(cviaje: number, cells: readonly SeatCell[], held: readonly HeldSeat[]): SeatCell[] {
  const mine = new Map(held.filter((seat) => seat.cviaje === cviaje).map((seat) => [seat.nasiento, seat]));
  return cells.map((cell) => {
    if (!isSeat(cell)) return cell;
    const own = mine.get(cell.nasiento!);
    if (own) return { ...cell, gestado_asiento: HELD, cviaje_asiento: own.cviaje_asiento };
    return cell.gestado_asiento === HELD ? { ...cell, gestado_asiento: SOLD } : cell;
  });
}

/** The status a seat shows. Only this browser's holds keep 84 after `applyHeldSeats`. */
export function seatStatus(seat: Pick<Seat, 'gestado_asiento' | 'ipromocion_asiento' | 'mine'>): SeatStatus {
  if (seat.mine) return 'selected';
  if (seat.gestado_asiento !== AVAILABLE) return 'occupied';
  return seat.ipromocion_asiento === 1 ? 'promotion' : 'available';
}

/**
 * The decks of a seat map, each a grid as large as its largest `xposicion` (columns) and
 * `yposicion` (rows); cells the map does not send are empty (`gobjeto_sitio` 0). Positions are
 * 1-based as the API sends them (a 0 position shifts the grid by one). `cells` are the map after
 * `applyHeldSeats`; `held` tells which seats are this browser's.
 */
export function buildSeatGrid(cviaje: number, cells: readonly SeatCell[], held: readonly HeldSeat[] = []): Deck[] {
  const mine = new Set(held.filter((seat) => seat.cviaje === cviaje).map((seat) => seat.nasiento));
  const levels = [...new Set(cells.map((cell) => cell.gnivel_piso))].sort((a, b) => a - b);
  return levels.map((gnivel_piso) => {
    const own = cells.filter((cell) => cell.gnivel_piso === gnivel_piso);
    const base = Math.min(1, ...own.flatMap((cell) => [cell.xposicion, cell.yposicion]));
    const columns = Math.max(0, ...own.map((cell) => cell.xposicion - base + 1));
    const height = Math.max(0, ...own.map((cell) => cell.yposicion - base + 1));
    const rows: GridCell[][] = Array.from({ length: height }, (_, y) =>
      Array.from({ length: columns }, (_, x): GridCell => ({ kind: 'empty', x: x + base, y: y + base })),
    );
    for (const cell of own) {
      const x = cell.xposicion - base;
      const y = cell.yposicion - base;
      if (x < 0 || y < 0) continue;
      const at = { x: cell.xposicion, y: cell.yposicion };
      if (isSeat(cell)) {
        const seat: Seat = {
          ...cell,
          nasiento: cell.nasiento!,
          gcategoria_asiento: cell.gcategoria_asiento!,
          gestado_asiento: cell.gestado_asiento ?? SOLD,
          mine: mine.has(cell.nasiento!) && cell.gestado_asiento === HELD,
        };
        rows[y]![x] = { kind: 'seat', ...at, seat, row: 0, position: 'window' };
      } else if (cell.gobjeto_sitio !== SITE_OBJECT.EMPTY) {
        rows[y]![x] = { kind: 'facility', ...at, object: cell.gobjeto_sitio };
      }
    }
    placeSeats(rows);
    return { gnivel_piso, number: deckNumber(gnivel_piso), columns, rows };
  });
}

/**
 * Each seat's row (rows holding seats, counted from the front) and position: a seat in the deck's
 * outermost seat columns is at a window; else one beside a cell without a seat (the aisle) is on
 * the aisle; the rest sit between two seats.
 */
function placeSeats(rows: GridCell[][]): void {
  const seatColumns = rows.flatMap((row) => row.flatMap((cell, x) => (cell.kind === 'seat' ? [x] : [])));
  const first = Math.min(...seatColumns);
  const last = Math.max(...seatColumns);
  let row = 0;
  for (const cells of rows) {
    if (!cells.some((cell) => cell.kind === 'seat')) continue;
    row += 1;
    cells.forEach((cell, x) => {
      if (cell.kind !== 'seat') return;
      cell.row = row;
      const aisle = cells[x - 1]?.kind !== 'seat' || cells[x + 1]?.kind !== 'seat';
      cell.position = x === first || x === last ? 'window' : aisle ? 'aisle' : 'middle';
    });
  }
}

/** The keys that move the focus on a seat map (WAI-ARIA grid pattern). */
export type GridMove = 'left' | 'right' | 'up' | 'down' | 'rowStart' | 'rowEnd' | 'deckStart' | 'deckEnd';

/** A keyboard event's move on the seat map, if its key is one. */
export function gridMoveOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): GridMove | undefined {
  const ctrl = event.ctrlKey || event.metaKey;
  switch (event.key) {
    case 'ArrowLeft':
      return 'left';
    case 'ArrowRight':
      return 'right';
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'Home':
      return ctrl ? 'deckStart' : 'rowStart';
    case 'End':
      return ctrl ? 'deckEnd' : 'rowEnd';
    case 'PageUp':
      return 'deckStart';
    case 'PageDown':
      return 'deckEnd';
    default:
      return undefined;
  }
}

const seatCells = (cells: readonly GridCell[]): SeatCellOf[] => cells.filter((cell): cell is SeatCellOf => cell.kind === 'seat');

/** The rows of a deck that hold seats, each with its seats left to right. */
function seatRows(deck: Deck): SeatCellOf[][] {
  return deck.rows.map(seatCells).filter((row) => row.length > 0);
}

/** The seat of `row` nearest to column `x` (on a tie, the one on the left). */
function nearest(row: readonly SeatCellOf[], x: number): SeatCellOf {
  return row.reduce((best, cell) => (Math.abs(cell.x - x) < Math.abs(best.x - x) ? cell : best));
}

/** The first seat of a deck (front row, leftmost), where the focus enters the map. */
export function firstSeat(deck: Deck): SeatCellOf | undefined {
  return seatRows(deck)[0]?.[0];
}

/**
 * Where the focus goes from seat `nasiento` on a move, in the bus's real layout: left and right to
 * the next seat of the row (over the aisle, never past the row's ends); up and down to the nearest
 * row in that direction with a seat in the same column, else to the next row's seat nearest that
 * column; row start and end; the deck's first and last seat. `undefined` where it stays.
 */
export function moveInDeck(deck: Deck, nasiento: number, move: GridMove): SeatCellOf | undefined {
  const rows = seatRows(deck);
  const r = rows.findIndex((row) => row.some((cell) => cell.seat.nasiento === nasiento));
  if (r < 0) return firstSeat(deck);
  const row = rows[r]!;
  const i = row.findIndex((cell) => cell.seat.nasiento === nasiento);
  const from = row[i]!;
  switch (move) {
    case 'left':
      return row[i - 1];
    case 'right':
      return row[i + 1];
    case 'rowStart':
      return row[0];
    case 'rowEnd':
      return row.at(-1);
    case 'deckStart':
      return rows[0]![0];
    case 'deckEnd':
      return rows.at(-1)!.at(-1);
    case 'up':
    case 'down': {
      const step = move === 'up' ? -1 : 1;
      for (let k = r + step; k >= 0 && k < rows.length; k += step) {
        const same = rows[k]!.find((cell) => cell.x === from.x);
        if (same) return same;
      }
      const next = rows[r + step];
      return next && nearest(next, from.x);
    }
  }
}

/** The seats of the decks, in grid order. */
export function seatsOf(decks: readonly Deck[]): Seat[] {
  return decks.flatMap((deck) => deck.rows.flat().flatMap((cell) => (cell.kind === 'seat' ? [cell.seat] : [])));
}
