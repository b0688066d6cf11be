import { ComplaintReceiptAnswer, ComplaintSchema } from '../schemas/complaint.schema';
import { endpoint } from './endpoint';

export const complaintsEndpoints = {
  complaint: endpoint({ method: 'POST', path: '/rest/reclamacion/registro', module: 'complaints', summary: 'File a complaints-book sheet', body: ComplaintSchema, answer: ComplaintReceiptAnswer, status: 201, session: 'none' }),
} as const;
