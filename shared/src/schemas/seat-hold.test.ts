import { holdIsLive, isHeldBy, SEAT_STATE } from './seat-hold';

const now = new Date('2026-11-22T15:00:00.000Z');
const held = { gestado_asiento: SEAT_STATE.HELD, clave: 'k1', expira: '2026-11-22T15:10:00.000Z' };

describe('the hold rule', () => {
  it('counts a hold of this key in state 84 until it ends', () => {
    expect(isHeldBy(held, 'k1', now)).toBe(true);
    expect(isHeldBy({ ...held, expira: new Date('2026-11-22T15:00:00.001Z') }, 'k1', now.getTime())).toBe(true);
  });

  it('does not count another key, another state, or a hold that has ended (at its very end too)', () => {
    expect(isHeldBy(held, 'k2', now)).toBe(false);
    expect(isHeldBy({ ...held, gestado_asiento: SEAT_STATE.SOLD }, 'k1', now)).toBe(false);
    expect(isHeldBy({ ...held, gestado_asiento: SEAT_STATE.AVAILABLE }, 'k1', now)).toBe(false);
    expect(isHeldBy({ ...held, expira: '2026-11-22T15:00:00.000Z' }, 'k1', now)).toBe(false);
    expect(isHeldBy({ ...held, expira: null }, 'k1', now)).toBe(false);
  });

  it('reads an end given as a date, an ISO text or milliseconds alike', () => {
    const end = Date.parse(held.expira);
    for (const expira of [new Date(end), held.expira, end]) expect(holdIsLive(expira, now)).toBe(true);
    expect(holdIsLive(undefined, now)).toBe(false);
  });
});
