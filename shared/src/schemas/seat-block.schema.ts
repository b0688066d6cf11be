import * as v from 'valibot';

/**
 * An operator's seat block (docs/decisions.md, "Seat blocks"): seats of a departure set aside for a
 * group or a counter sale, taken for everyone else (seat map, search, waitlist) until the operator
 * releases them or the bus leaves.
 */

/** The most seats one block sets aside (a whole bus of the largest layout). */
export const SEAT_BLOCK_MAX = 60;

/** Messages of the seat blocks, spread into `validationMessages`. */
export const seatBlockMessages = {
  'es-PE': {
    'seatBlock.asientos.invalid': `Indique de 1 a ${SEAT_BLOCK_MAX} asientos`,
    'seatBlock.motivo.invalid': 'Indique para qué se apartan los asientos (de 3 a 200 caracteres)',
    'seatBlock.notEnough': 'Ese viaje no tiene tantos asientos libres en todo su recorrido',
    'seatBlock.notFound': 'No encontramos ese bloqueo de asientos',
  },
  'en-EN': {
    'seatBlock.asientos.invalid': `Give 1 to ${SEAT_BLOCK_MAX} seats`,
    'seatBlock.motivo.invalid': 'Say what the seats are set aside for (3 to 200 characters)',
    'seatBlock.notEnough': 'That trip does not have that many seats free over its whole route',
    'seatBlock.notFound': 'We could not find that seat block',
  },
} as const;

const id = v.pipe(v.number('request.invalid'), v.integer('request.invalid'), v.minValue(1, 'request.invalid'));

/** `POST /rest/operador/bloqueo`: set aside `asientos` seats of a departure (the lowest numbers free over its whole route). */
export const SeatBlockSchema = v.object({
  cviaje: id,
  asientos: v.pipe(v.number('seatBlock.asientos.invalid'), v.integer('seatBlock.asientos.invalid'), v.minValue(1, 'seatBlock.asientos.invalid'), v.maxValue(SEAT_BLOCK_MAX, 'seatBlock.asientos.invalid')),
  motivo: v.pipe(v.string('seatBlock.motivo.invalid'), v.trim(), v.minLength(3, 'seatBlock.motivo.invalid'), v.maxLength(200, 'seatBlock.motivo.invalid')),
});
export type SeatBlockInput = v.InferOutput<typeof SeatBlockSchema>;

/** `POST /rest/operador/bloqueo/liberar`: give a block's seats back to the store. */
export const SeatBlockReleaseSchema = v.object({ cbloqueo: id });
export type SeatBlockRelease = v.InferOutput<typeof SeatBlockReleaseSchema>;

/** A block: its seats, until when they are set aside (the departure), and when it was released (null while it holds). */
export const SeatBlockAnswer = v.object({
  cbloqueo: v.number(),
  cviaje: v.number(),
  asientos: v.array(v.number()),
  motivo: v.string(),
  operador: v.string(),
  creado: v.string(),
  hasta: v.string(),
  liberado: v.nullable(v.string()),
});
export type SeatBlock = v.InferOutput<typeof SeatBlockAnswer>;
export const SeatBlocksAnswer = v.array(SeatBlockAnswer);
