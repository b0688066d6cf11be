import { clock, setClock } from './clock';
import { limaToday } from './schemas/format';

describe('the clock', () => {
  it('is the machine clock until a test pins it, and comes back when restored', () => {
    const before = Date.now();
    expect(clock.ms()).toBeGreaterThanOrEqual(before);
    const restore = setClock('2030-01-31T23:00:00-05:00');
    expect(clock.now().toISOString()).toBe('2030-02-01T04:00:00.000Z');
    expect(limaToday()).toBe('2030-01-31');
    restore();
    expect(clock.ms()).toBeGreaterThanOrEqual(before);
  });

  it('takes a function for a clock that moves', () => {
    let at = Date.parse('2030-06-01T12:00:00Z');
    const restore = setClock(() => new Date(at));
    at += 86_400_000;
    expect(limaToday()).toBe('2030-06-02');
    restore();
  });

  it('refuses an instant that is not one', () => {
    expect(() => setClock('tomorrow')).toThrow(TypeError);
  });
});
