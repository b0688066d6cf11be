import type { HeldSeat } from '@rumbo/shared';
import { HOLD_EXTENSIONS } from '@rumbo/shared/schemas';
import { held } from '../testing/fixtures';
import { HoldTimer, type HoldHost, type HoldMessage } from './hold-timer';

const NOW = Date.parse('2026-11-22T15:08:00.000Z');

function host(clave: string): HoldHost & { told: HoldMessage[] } {
  let seats: HeldSeat[] = [held(1, { clave_bloqueo: clave })];
  const told: HoldMessage[] = [];
  return {
    get held() {
      return seats;
    },
    clave,
    now: NOW,
    replaceHeld: (next) => (seats = next),
    announce: (message) => told.push(message),
    told,
  };
}

describe('HoldTimer', () => {
  it('knows on step 3 the extensions step 2 used for the same purchase, not for another', async () => {
    const key = '11111111-1111-4111-8111-111111111111';
    const onStep2 = new HoldTimer(host(key), async () => ({ expira: '2026-11-22T15:18:00.000Z', prorrogas_restantes: 1 }));
    expect(onStep2.remaining).toBe(HOLD_EXTENSIONS);
    await onStep2.extend();
    expect(onStep2.remaining).toBe(1);
    const onStep3 = new HoldTimer(host(key), async () => undefined);
    expect(onStep3.remaining).toBe(1);
    const other = new HoldTimer(host('22222222-2222-4222-8222-222222222222'), async () => undefined);
    expect(other.remaining).toBe(HOLD_EXTENSIONS);
  });

  it('never extends a shorter hold: a seat whose hold already ends later keeps its end', async () => {
    const key = '33333333-3333-4333-8333-333333333333';
    const page = host(key);
    page.replaceHeld([held(1, { clave_bloqueo: key }), held(2, { clave_bloqueo: key, expira: '2026-11-22T15:30:00.000Z' })]);
    const timer = new HoldTimer(page, async () => ({ expira: '2026-11-22T15:18:00.000Z', prorrogas_restantes: 1 }));
    await timer.extend();
    expect(page.held.map((seat) => seat.expira)).toEqual(['2026-11-22T15:18:00.000Z', '2026-11-22T15:30:00.000Z']);
    expect(page.told).toEqual([{ tone: 'info', key: 'hold.extended', params: { count: 10, remaining: 1 } }]);
  });
});
