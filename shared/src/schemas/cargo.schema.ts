import * as v from 'valibot';
import type { ValidationKey } from './validation.messages';

/**
 * Cargo and parcels (`/cargo`, `/cargo/seguimiento`): the tracking form and the price estimate.
 * The same schemas check in the browser and on the server; messages are `validation` keys.
 */

/** A tracking code: two letters and eight digits (`RA00012345`), case and spaces ignored. */
export const TRACKING_CODE = /^[A-Z]{2}\d{8}$/;
/**
 * How cargo is priced (shown on `/cargo`, applied by the API): a fixed fee plus a rate per kg
 * that grows with the hours on the road, never below the minimum. Soles.
 */
export const CARGO_PRICING = { base: 8, perKg: 0.5, perKgHour: 0.08, minimum: 15 } as const;

/** Weight limits of a parcel the estimate accepts, in kg. */
export const CARGO_WEIGHT_MIN = 0.1;
export const CARGO_WEIGHT_MAX = 500;

/**
 * Any value as a trimmed string ('' when missing or of another type). An optional with a default,
 * not a fallback: a missing key still runs the field's checks (a fallback would skip them).
 */
const text = v.pipe(
  v.optional(v.unknown(), ''),
  v.transform((value) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '')),
);
const msg = (key: ValidationKey) => key;

export const TrackingQuerySchema = v.object({
  codigo: v.pipe(
    text,
    v.transform((value) => value.replace(/[\s-]/g, '').toUpperCase()),
    v.nonEmpty(msg('cargo.codigo.required')),
    v.regex(TRACKING_CODE, msg('cargo.codigo.format')),
  ),
  /** The receiver's document number, asked for by shipments that require it. */
  documento: v.pipe(
    text,
    v.check((value) => value === '' || /^\d{8,12}$/.test(value), msg('cargo.documento.format')),
  ),
});
export type TrackingQuery = v.InferOutput<typeof TrackingQuerySchema>;

const cityCode = (required: ValidationKey) =>
  v.pipe(text, v.transform((value) => value.toUpperCase()), v.nonEmpty(msg(required)), v.regex(/^[A-Z]{3}$/, msg(required)));

export const CargoEstimateSchema = v.pipe(
  v.object({
    origen: cityCode('cargo.origen.required'),
    destino: cityCode('cargo.destino.required'),
    peso: v.pipe(
      text,
      v.nonEmpty(msg('cargo.peso.required')),
      v.transform((value) => Number(value.replace(',', '.'))),
      v.check((value) => Number.isFinite(value) && value >= CARGO_WEIGHT_MIN && value <= CARGO_WEIGHT_MAX, msg('cargo.peso.range')),
    ),
  }),
  v.forward(
    v.check((input) => input.origen !== input.destino, msg('cargo.destino.same')),
    ['destino'],
  ),
);
export type CargoEstimateInput = v.InferOutput<typeof CargoEstimateSchema>;
