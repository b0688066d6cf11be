/**
 * The fleet's seat layouts. Each is drawn row by row, front first, one string per row and one
 * character per cell, so a layout reads like the bus it describes:
 *   `S` seat, `I` single (individual) seat, `.` empty, `E` stairs, `B` restroom, `D` driver, `T` screen.
 * Seat numbers run through the bus in reading order, deck 2 first (how the operator numbers them).
 */
export const SITE_OBJECT = { EMPTY: 0, SEAT: 1, STAIRS: 2, RESTROOM: 3, DRIVER: 4, SCREEN: 5, DOOR: 6 } as const;

export const DECK = { LOWER: 15, UPPER: 16 } as const;

export interface LayoutDeck {
  gnivel_piso: number;
  gcategoria_asiento: number;
  rows: readonly string[];
}

export interface Layout {
  cmaqueta: number;
  nombre: string;
  servicio: string;
  decks: readonly LayoutDeck[];
  /** Seat numbers of the priority seats. */
  preferenciales: readonly number[];
  /** How many rows at the back of the last-drawn deck sell at the promotional price. */
  filasPromocion: number;
}

export const LAYOUTS: readonly Layout[] = [
  {
    cmaqueta: 1,
    nombre: 'Bus cama dos pisos 12/42',
    servicio: 'Andino VIP',
    decks: [
      {
        gnivel_piso: DECK.UPPER,
        gcategoria_asiento: 160,
        rows: ['T....', 'SS.SS', 'SS.SS', 'SS.SS', 'SS.SS', 'SS.SS', 'E..SS', 'SS.SS', 'SS.SS', 'SS.SS', 'SS.SS', 'SS.SS'],
      },
      {
        gnivel_piso: DECK.LOWER,
        gcategoria_asiento: 180,
        rows: ['D...T', 'SS..I', 'SS..I', 'SS..I', 'SS..I', 'E...B'],
      },
    ],
    preferenciales: [43, 44],
    filasPromocion: 2,
  },
  {
    cmaqueta: 2,
    nombre: 'Bus dos pisos 15/46',
    servicio: 'Andino Plus',
    decks: [
      {
        gnivel_piso: DECK.UPPER,
        gcategoria_asiento: 140,
        rows: ['T....', 'SS.SS', 'SS.SS', 'SS.SS', 'SS.SS', 'SS.SS', 'E..SS', 'SS.SS', 'SS.SS', 'SS.SS', 'SS.SS', 'SS.SS', 'SS.SS'],
      },
      {
        gnivel_piso: DECK.LOWER,
        gcategoria_asiento: 160,
        rows: ['D...T', 'SS..I', 'SS..I', 'SS..I', 'SS..I', 'SS..I', 'E...B'],
      },
    ],
    preferenciales: [45, 46],
    filasPromocion: 2,
  },
  {
    cmaqueta: 3,
    nombre: 'Bus un piso 42',
    servicio: 'Andino Económico',
    decks: [
      {
        gnivel_piso: DECK.LOWER,
        gcategoria_asiento: 140,
        rows: [
          'D...T',
          'SS.SS',
          'SS.SS',
          'SS.SS',
          'SS.SS',
          'SS.SS',
          'SS.SS',
          'SS.SS',
          'SS.SS',
          'SS.SS',
          'SS..B',
          'SS.SS',
        ],
      },
    ],
    preferenciales: [1, 2],
    filasPromocion: 2,
  },
];

const OBJECT_OF: Record<string, number> = {
  S: SITE_OBJECT.SEAT,
  I: SITE_OBJECT.SEAT,
  E: SITE_OBJECT.STAIRS,
  B: SITE_OBJECT.RESTROOM,
  D: SITE_OBJECT.DRIVER,
  T: SITE_OBJECT.SCREEN,
  P: SITE_OBJECT.DOOR,
};

export interface LayoutCell {
  cmaqueta: number;
  gnivel_piso: number;
  xposicion: number;
  yposicion: number;
  gobjeto_sitio: number;
  nasiento: number | null;
  gcategoria_asiento: number | null;
  iasiento_individual: boolean;
  promocionable: boolean;
  preferencial: boolean;
}

/** The non-empty cells of a layout, seats numbered; positions start at 1 (x across, y front to back). */
export function layoutCells(layout: Layout): LayoutCell[] {
  const cells: LayoutCell[] = [];
  let next = 1;
  layout.decks.forEach((deck, deckIndex) => {
    const isLastDeck = deckIndex === layout.decks.length - 1;
    deck.rows.forEach((row, y) => {
      const promotional = isLastDeck && y >= deck.rows.length - layout.filasPromocion;
      [...row].forEach((symbol, x) => {
        const object = OBJECT_OF[symbol];
        if (object === undefined) return;
        const isSeat = object === SITE_OBJECT.SEAT;
        const nasiento = isSeat ? next++ : null;
        cells.push({
          cmaqueta: layout.cmaqueta,
          gnivel_piso: deck.gnivel_piso,
          xposicion: x + 1,
          yposicion: y + 1,
          gobjeto_sitio: object,
          nasiento,
          gcategoria_asiento: isSeat ? deck.gcategoria_asiento : null,
          iasiento_individual: symbol === 'I',
          promocionable: isSeat && promotional,
          preferencial: nasiento !== null && layout.preferenciales.includes(nasiento),
        });
      });
    });
  });
  return cells;
}
