/**
 * The operator's identity lives in `shared` (one source of truth for the site and the API): served
 * by `GET /rest/informacion/representante`, printed on complaint copies and used as the mail
 * sender's name.
 */
import { OPERATOR } from '@rumbo/shared/schemas';

export { OPERATOR };
export type Operator = typeof OPERATOR;
