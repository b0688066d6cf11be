import { formatCentimos, POINT_VALUE_CENTIMOS, POINTS_MIN_REDEMPTION, POINTS_PER_SOL, type Language, type PointsRules } from '@rumbo/shared/schemas';
import { OPERATOR } from '../operator';

/** Points cover at most the whole fare (100 %). */
const MAX_PCT = 100;
/** Decision: points do not expire while the account exists (null months). */
const VALIDITY_MONTHS: number | null = null;


const TEXTS: Record<Language, { titulo: string; html: string }> = {
  'es-PE': {
    titulo: `Puntos ${OPERATOR.marca}`,
    html: [
      `<p>Compre sus pasajes con su cuenta iniciada y acumule puntos en cada compra pagada.</p>`,
      '<ul>',
      `<li>Gana ${POINTS_PER_SOL} punto por cada sol pagado (sin decimales), cuando se emiten sus pasajes.</li>`,
      `<li>Cada punto vale ${formatCentimos(POINT_VALUE_CENTIMOS, 'es-PE')} al canjearlo en el paso de pago.</li>`,
      `<li>El canje mínimo es de ${POINTS_MIN_REDEMPTION} puntos; los puntos pueden cubrir hasta el precio total de la compra, y entonces el pasaje es gratis.</li>`,
      '<li>Los puntos aplicados quedan reservados mientras la compra espera su pago; si la reserva vence o el pago es rechazado, vuelven a su saldo.</li>',
      '<li>Sus puntos no vencen mientras su cuenta exista.</li>',
      '</ul>',
    ].join(''),
  },
  'en-EN': {
    titulo: `${OPERATOR.marca} points`,
    html: [
      '<p>Buy your tickets signed in to your account and earn points on every paid purchase.</p>',
      '<ul>',
      `<li>Earn ${POINTS_PER_SOL} point per sol paid (whole soles), when your tickets are issued.</li>`,
      `<li>Each point is worth ${formatCentimos(POINT_VALUE_CENTIMOS, 'en-EN')} when redeemed at the payment step.</li>`,
      `<li>The minimum redemption is ${POINTS_MIN_REDEMPTION} points; points may cover up to the whole price of the purchase, and then the ticket is free.</li>`,
      '<li>Applied points are held while the purchase waits for its payment; if the reservation expires or the payment is declined, they return to your balance.</li>',
      '<li>Your points do not expire while your account exists.</li>',
      '</ul>',
    ].join(''),
  },
};

/** `GET /rest/informacion/pasajes/`: the points rules in the caller's language. */
export function pointsRules(language: Language): PointsRules {
  return {
    puntos_por_sol: POINTS_PER_SOL,
    centimos_por_punto: POINT_VALUE_CENTIMOS,
    minimo_canje: POINTS_MIN_REDEMPTION,
    maximo_pct: MAX_PCT,
    vigencia_meses: VALIDITY_MONTHS,
    ...TEXTS[language],
  };
}
