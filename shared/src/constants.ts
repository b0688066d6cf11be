/** Fixed values of the web sales channel (spec §7, §9); the server checks them. */
export const SALES_CHANNEL = {
  cusuario: 50005,
  coficina_venta: 577,
  susuario: 'TVIRT',
} as const;

export { SEAT_STATE } from './schemas/seat-hold';
