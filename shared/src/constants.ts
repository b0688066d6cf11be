/** Fixed values of the web sales channel (spec §7, §9); the server checks them. */
export const SALES_CHANNEL = {
  cusuario: 50005,
  coficina_venta: 577,
  susuario: 'TVIRT',
} as const;

/** Seat state codes (DECISIONS.md, Seat map). */
export const SEAT_STATE = { SOLD: 82, AVAILABLE: 83, HELD: 84 } as const;
