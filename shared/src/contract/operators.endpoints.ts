import * as v from 'valibot';
import { endpoint } from './endpoint';

/** Who the operator's credential names (the CLI checks its token with it before acting). */
export const OperatorAnswer = v.object({ nombre: v.string() });

/**
 * The operators' calls: the company's staff, with a credential from the API's configuration
 * (OPERATOR_TOKENS), never a customer's session (`session: 'operator'`).
 */
export const operatorsEndpoints = {
  operatorSelf: endpoint({
    method: 'GET',
    path: '/rest/operador/yo',
    module: 'operators',
    summary: "The operator the request's credential names (401 without a valid one)",
    answer: OperatorAnswer,
    session: 'operator',
    noStore: true,
  }),
} as const;
