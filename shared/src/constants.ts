/** Fixed values of the web sales channel (spec §7, §9); the server checks them. */
export const SALES_CHANNEL = {
  cusuario: 50005,
  coficina_venta: 577,
  susuario: 'TVIRT',
} as const;

export { SEAT_STATE } from './schemas/seat-hold';

/**
 * What a browser's device id looks like (a UUID, or any 16–64 URL-safe characters), sent with its
 * seat holds (`DEVICE_HEADER`, `deviceId` in ./storage); anything else counts as none.
 */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
