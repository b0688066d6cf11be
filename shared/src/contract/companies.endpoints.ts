import * as v from 'valibot';
import { CompanySchema, RucLookupSchema } from '../schemas/company.schema';
import { CompanyAnswer } from '../schemas/content.contract';
import { endpoint } from './endpoint';

/** `POST /rest/juridica/registrar`: the request's number. */
export const CompanyReceiptAnswer = v.object({ id: v.number(), ruc: v.string(), razon_social: v.string() });
export type CompanyReceipt = v.InferOutput<typeof CompanyReceiptAnswer>;

export const companiesEndpoints = {
  company: endpoint({ method: 'POST', path: '/rest/juridica/buscar', module: 'companies', summary: 'A company by its RUC', body: RucLookupSchema, answer: CompanyAnswer, session: 'none', errors: { 404: ['company.ruc.notFound'] } }),
  companyRequest: endpoint({ method: 'POST', path: '/rest/juridica/registrar', module: 'companies', summary: 'Request corporate services', body: CompanySchema, answer: CompanyReceiptAnswer, status: 201, session: 'none' }),
} as const;
