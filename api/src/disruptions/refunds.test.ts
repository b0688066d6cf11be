import type { Choice, OperatorRefunds, ReservationView, SeatCell, Trip } from '@rumbo/shared/schemas';
import { eq } from 'drizzle-orm';
import { parseOperatorTokens } from '../operators/operators';
import { PaymentProviderError, type RefundRequest } from '../payments/provider';
import { customerWithPoints } from '../test/customers';
import { BUYER, byPrice, findTrip, freeSeats, holdNewPassenger, payWithSafetyPay, post, setupSandboxApp, STORE } from '../test/purchase';
import { reembolso } from './disruptions.tables';
import { REFUND_MAX_TRIES, refundBackoffMs, retryDueRefunds } from './refunds';

const TOKEN = 'a7c3e9f1b5d2084c6e1f3a9b7d5c2e8f0a4b6c1d';
const OPERATOR = { authorization: `Bearer ${TOKEN}` };

let clock = Date.now();
const now = () => new Date(clock);
const api = setupSandboxApp(now, { operators: parseOperatorTokens(`ops-caja=${TOKEN}`), siteUrl: STORE });
afterEach(() => {
  clock = Date.now();
});
const db = () => api.db;

/** A paid ticket of a signed-in customer, cancelled for a refund to the card. */
async function cancelledForRefund(days: number) {
  const { auth } = await customerWithPoints(db(), 0);
  const trip: Trip = await findTrip(api.app, 'LIM', 'ICA', days);
  const seat: SeatCell = byPrice(await freeSeats(api.app, trip))[0]!;
  const clave = await holdNewPassenger(api.app, trip, seat);
  const view = (await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true }, auth)).json().data as ReservationView;
  await payWithSafetyPay(api, now(), view.codigo, clave, view.total_centimos);
  const numero = ((await post(api.app, '/rest/venta/consulta', { codigo: view.codigo, clave_bloqueo: clave })).json().data as ReservationView).boletos[0]!.numero;
  const choice = (await post(api.app, '/rest/venta/anular', { numero, destino: 'original' }, auth)).json().data as Choice;
  const [row] = await db().select().from(reembolso).where(eq(reembolso.numero, numero));
  return { numero, choice, row: row! };
}

const sandboxRefunds = async () => (await api.app.inject({ url: '/sandbox/safetypay/reembolsos' })).json() as { refundId: string; refundNo: string; amount: string }[];

/** Replaces the SafetyPay provider's refund call for one test. */
function refundCall(make: (real: (request: RefundRequest) => Promise<{ operacion: string }>) => (request: RefundRequest) => Promise<{ operacion: string }>) {
  const provider = api.providers.safetypay;
  const real = provider.refund!.bind(provider);
  provider.refund = make(real);
  return () => {
    provider.refund = real;
  };
}

const providers = () => ({ safetypay: api.providers.safetypay });

describe('refunds the provider could not answer (issue 35, money leaves once)', () => {
  it('are asked again by the periodic job with the same key, once across instances, and paid once', async () => {
    const keys: string[] = [];
    let calls = 0;
    // The first answer is lost after the provider made the refund (a timeout on the way back).
    const restore = refundCall((real) => async (request) => {
      calls += 1;
      keys.push(request.clave);
      const done = await real(request);
      if (calls === 1) throw new PaymentProviderError('SafetyPay is unreachable: timeout', { retryable: true });
      return done;
    });
    try {
      const { choice, row } = await cancelledForRefund(41);
      expect(choice.reembolso).toBe('fallido');
      expect(row).toMatchObject({ estado: 'fallido', intentos: 1 });
      expect(row.proximo!.getTime()).toBe(clock + refundBackoffMs(1));
      // Not due yet.
      expect(await retryDueRefunds(db(), providers(), now())).toBe(0);
      // Due: two instances run the job at once; one claims it.
      const later = new Date(row.proximo!.getTime() + 1000);
      const tried = await Promise.all([retryDueRefunds(db(), providers(), later), retryDueRefunds(db(), providers(), later)]);
      expect(tried.reduce((a, b) => a + b, 0)).toBe(1);
      const [done] = await db().select().from(reembolso).where(eq(reembolso.creembolso, row.creembolso));
      expect(done).toMatchObject({ estado: 'hecho', intentos: 2, proximo: null });
      expect(keys).toEqual([row.clave, row.clave]);
      // The provider refunded once, and its number is the one recorded.
      const made = (await sandboxRefunds()).filter((r) => r.refundId === row.clave);
      expect(made).toHaveLength(1);
      expect(made[0]!.refundNo).toBe(done!.operacion);
      // Done: the job leaves it alone.
      expect(await retryDueRefunds(db(), providers(), new Date(later.getTime() + 86_400_000))).toBe(0);
    } finally {
      restore();
    }
  });

  it('a provider down (5xx) is retried a bounded number of times, then shown to the operator; a refusal at once', async () => {
    const restore = refundCall(() => async () => {
      throw new PaymentProviderError('SafetyPay answered HTTP 503', { retryable: true });
    });
    try {
      const { row } = await cancelledForRefund(42);
      let at = row.proximo!.getTime();
      for (let tries = 2; tries <= REFUND_MAX_TRIES; tries += 1) {
        expect(await retryDueRefunds(db(), providers(), new Date(at))).toBe(1);
        const [now] = await db().select().from(reembolso).where(eq(reembolso.creembolso, row.creembolso));
        expect(now!.intentos).toBe(tries);
        if (tries < REFUND_MAX_TRIES) at = now!.proximo!.getTime();
        else expect(now).toMatchObject({ estado: 'revision', proximo: null });
      }
      expect(await retryDueRefunds(db(), providers(), new Date(at + 86_400_000))).toBe(0);
      expect((await sandboxRefunds()).filter((r) => r.refundId === row.clave)).toHaveLength(0);
      const listed = (await api.app.inject({ url: '/rest/operador/reembolsos', headers: OPERATOR })).json().data as OperatorRefunds;
      expect(listed.find((r) => r.creembolso === row.creembolso)).toMatchObject({ estado: 'revision', intentos: REFUND_MAX_TRIES, respuesta: 'SafetyPay answered HTTP 503' });
      expect((await api.app.inject({ url: '/rest/operador/reembolsos' })).statusCode).toBe(401);
    } finally {
      restore();
    }
    const refused = refundCall(() => async () => {
      throw new PaymentProviderError('SafetyPay refused the refund: error 4 Invalid Amount');
    });
    try {
      const { row } = await cancelledForRefund(43);
      expect(row).toMatchObject({ estado: 'revision', intentos: 1, proximo: null });
      const listed = (await api.app.inject({ url: '/rest/operador/reembolsos?estado=revision', headers: OPERATOR })).json().data as OperatorRefunds;
      expect(listed.map((r) => r.creembolso)).toContain(row.creembolso);
    } finally {
      refused();
    }
  });
});
