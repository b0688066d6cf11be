import * as v from 'valibot';
import { CargoEstimateSchema, TrackingQuerySchema } from '../schemas/cargo.schema';
import { CompanySchema, RucLookupSchema } from '../schemas/company.schema';
import { ComplaintReceiptAnswer, ComplaintSchema } from '../schemas/complaint.schema';
import { CompanyAnswer, TrackingAnswer } from '../schemas/content.contract';
import { endpoint } from './endpoint';

/** `POST /rest/carga/cotizar`: the price of a parcel on the direct route between two cities. */
export const CargoEstimateAnswer = v.object({ origen: v.string(), destino: v.string(), peso: v.number(), horas: v.number(), precio: v.number(), moneda: v.literal('PEN') });
export type CargoEstimate = v.InferOutput<typeof CargoEstimateAnswer>;

/** `POST /rest/juridica/registrar`: the request's number. */
export const CompanyReceiptAnswer = v.object({ id: v.number(), ruc: v.string(), razon_social: v.string() });
export type CompanyReceipt = v.InferOutput<typeof CompanyReceiptAnswer>;

/** Cargo, companies and complaints: the forms of mf-cargo, mf-content and mf-complaints. */
export const formsEndpoints = {
  tracking: endpoint({
    method: 'POST', path: '/rest/carga/seguimiento', module: 'cargo', summary: 'Track a shipment by its code and a document', body: TrackingQuerySchema, answer: TrackingAnswer, session: 'none',
    errors: { 400: ['cargo.documento.required', 'cargo.documento.mismatch'], 404: ['cargo.codigo.notFound'] },
  }),
  cargoEstimate: endpoint({
    method: 'POST', path: '/rest/carga/cotizar', module: 'cargo', summary: 'Estimate the price of a parcel', body: CargoEstimateSchema, answer: CargoEstimateAnswer, session: 'none', errors: { 400: ['cargo.noService'] },
  }),
  company: endpoint({ method: 'POST', path: '/rest/juridica/buscar', module: 'companies', summary: 'A company by its RUC', body: RucLookupSchema, answer: CompanyAnswer, session: 'none', errors: { 404: ['company.ruc.notFound'] } }),
  companyRequest: endpoint({ method: 'POST', path: '/rest/juridica/registrar', module: 'companies', summary: 'Request corporate services', body: CompanySchema, answer: CompanyReceiptAnswer, status: 201, session: 'none' }),
  complaint: endpoint({ method: 'POST', path: '/rest/reclamacion/registro', module: 'complaints', summary: 'File a complaints-book sheet', body: ComplaintSchema, answer: ComplaintReceiptAnswer, status: 201, session: 'none' }),
} as const;
