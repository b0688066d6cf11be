import * as v from 'valibot';
import { AgencyAnswer } from '../schemas/content.contract';
import { endpoint } from './endpoint';

/** Where agencies are filtered: a city code (`LIM`) or number, and `carga=1` for the cargo ones. */
export const AgencyQuery = v.object({
  ciudad: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.regex(/^([A-Za-z]{3}|\d{1,3})$/))])),
  carga: v.optional(v.string()),
});

export const agenciesEndpoints = {
  agencies: endpoint({
    method: 'GET', path: '/rest/componente/punto_venta', module: 'agencies', summary: 'The agencies, by city and cargo service', query: AgencyQuery, answer: v.array(AgencyAnswer), session: 'none',
    errors: { 400: ['request.invalid'] },
  }),
} as const;
