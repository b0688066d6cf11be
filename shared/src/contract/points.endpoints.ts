import { AccountPointsAnswer } from '../schemas/account.answers';
import { PointsRulesAnswer } from '../schemas/aftersale.contract';
import { endpoint } from './endpoint';

const owner = 'points';
const pointsRules = { module: owner, summary: "The points rules in the caller's language", answer: PointsRulesAnswer, session: 'none' } as const;

/** The points programme: a customer's balance and movements, and its rules (api/src/points). */
export const pointsEndpoints = {
  points: endpoint({ method: 'GET', path: '/rest/user/puntos', module: owner, summary: "The customer's points and their movements", answer: AccountPointsAnswer, session: 'required', noStore: true }),
  pointsRules: endpoint({ method: 'GET', path: '/rest/informacion/pasajes', ...pointsRules }),
  pointsRulesSlash: endpoint({ method: 'GET', path: '/rest/informacion/pasajes/', ...pointsRules }),
} as const;
