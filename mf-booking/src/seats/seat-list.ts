import { makeAutoObservable } from 'mobx';
import { isFree } from './choose-seats';
import { seatsOf, type Deck, type SeatCellOf } from './seat-grid';

/** The list view's filter: deck (`gnivel_piso`), class, window or aisle; '' for any. */
export interface SeatFilter {
  piso: string;
  clase: string;
  posicion: '' | 'window' | 'aisle';
}

/** Step 2's seats as the map or as a list, and the list's filter (its class also guides "Choose for me"). */
export class SeatListView {
  view: 'map' | 'list' = 'map';
  filter: SeatFilter = { piso: '', clase: '', posicion: '' };

  /** `decks`: the current trip's seats, deck by deck. */
  constructor(private readonly decks: () => Deck[]) {
    makeAutoObservable<SeatListView, 'decks'>(this, { decks: false });
  }

  setView(view: 'map' | 'list'): void {
    this.view = view;
  }

  setFilter(field: keyof SeatFilter, value: string): void {
    this.filter = { ...this.filter, [field]: value };
  }

  /** The list view: free seats and this browser's, of every deck, as the filter says. */
  get listed(): SeatCellOf[] {
    const { piso, clase, posicion } = this.filter;
    return this.decks().flatMap((deck) =>
      deck.rows
        .flat()
        .filter((cell): cell is SeatCellOf => cell.kind === 'seat')
        .filter((cell) => (cell.seat.mine || isFree(cell.seat)) && (!piso || String(deck.gnivel_piso) === piso))
        .filter((cell) => (!clase || String(cell.seat.gcategoria_asiento) === clase) && (!posicion || cell.position === posicion)),
    );
  }

  /** The classes the bus has, for the list's filter. */
  get classes(): number[] {
    return [...new Set(seatsOf(this.decks()).map((seat) => seat.gcategoria_asiento))].sort((a, b) => a - b);
  }
}
