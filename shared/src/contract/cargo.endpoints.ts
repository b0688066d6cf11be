import * as v from 'valibot';
import { CargoEstimateSchema, TrackingQuerySchema } from '../schemas/cargo.schema';
import { TrackingAnswer } from '../schemas/content.contract';
import { endpoint } from './endpoint';

/** `POST /rest/carga/cotizar`: the price of a parcel on the direct route between two cities. */
export const CargoEstimateAnswer = v.object({ origen: v.string(), destino: v.string(), peso: v.number(), horas: v.number(), precio: v.number(), moneda: v.literal('PEN') });
export type CargoEstimate = v.InferOutput<typeof CargoEstimateAnswer>;

export const cargoEndpoints = {
  tracking: endpoint({
    method: 'POST', path: '/rest/carga/seguimiento', module: 'cargo', summary: 'Track a shipment by its code and a document', body: TrackingQuerySchema, answer: TrackingAnswer, session: 'none',
    errors: { 400: ['cargo.documento.required', 'cargo.documento.mismatch'], 404: ['cargo.codigo.notFound'] },
  }),
  cargoEstimate: endpoint({
    method: 'POST', path: '/rest/carga/cotizar', module: 'cargo', summary: 'Estimate the price of a parcel', body: CargoEstimateSchema, answer: CargoEstimateAnswer, session: 'none', errors: { 400: ['cargo.noService'] },
  }),
} as const;
