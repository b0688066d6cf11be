import { dayToDmy, formatCentimos, formatDay, formatSoles, limaAtom, limaDate, limaDateTime, limaTime, limaToday, limaWallClock, toCentimos } from './format';

describe('money and Lima time, one way everywhere', () => {
  it('shows soles as S/ with grouped digits and two decimals in both languages', () => {
    expect(formatSoles(1234.5, 'es-PE')).toBe('S/ 1,234.50');
    expect(formatSoles(1234.5, 'en-EN')).toBe('S/ 1,234.50');
    expect(formatSoles(90, 'en-EN')).toBe('S/ 90.00');
    expect(formatCentimos(123450, 'es-PE')).toBe('S/ 1,234.50');
    expect(formatCentimos(7, 'en-EN')).toBe('S/ 0.07');
  });

  it('reads days and times in Lima whatever the device zone', () => {
    // 03:30 UTC on the 29th is still the 28th, 22:30, in Lima.
    const at = '2026-11-29T03:30:00.000Z';
    expect(limaToday(new Date(at))).toBe('2026-11-28');
    expect(dayToDmy(limaToday(new Date(at)))).toBe('28/11/2026');
    expect(limaTime(at, 'es-PE')).toBe('22:30');
    expect(limaDate(at, 'es-PE')).toBe('sábado, 28 de noviembre');
    expect(limaDate(at, 'en-EN')).toBe('Saturday 28 November');
    expect(limaDateTime(at, 'es-PE')).toMatch(/^28 de noviembre de 2026(,| a las) 22:30$/);
    expect(limaDateTime(at, 'en-EN')).toMatch(/^28 November 2026(,| at) 22:30$/);
    expect(formatDay('2026-11-28', 'en-EN')).toBe('28 November 2026');
    expect(formatDay('2026-11-28', 'es-PE', true)).toBe('sábado, 28 de noviembre de 2026');
  });

  it("reads Lima's clock and day from its fixed offset exactly as the time-zone database does, in both languages", () => {
    const clock = (locale: string) => new Intl.DateTimeFormat(locale, { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' });
    // Every 7 h 13 min over two years (every hour and minute-ish, both sides of midnight and of every month's end).
    for (let at = Date.parse('2025-01-01T00:00:00Z'); at < Date.parse('2027-01-01T00:00:00Z'); at += 433 * 60_000) {
      const date = new Date(at);
      expect(limaTime(date, 'es-PE')).toBe(clock('es-PE').format(date));
      expect(limaTime(date, 'en-EN')).toBe(clock('en-GB').format(date));
      expect(limaToday(date)).toBe(day.format(date));
    }
  });
});

describe('céntimos and Lima time as the providers write them', () => {
  it('turns soles into whole céntimos, rounded to the céntimo', () => {
    expect(toCentimos(90)).toBe(9000);
    expect(toCentimos(0.1 + 0.2)).toBe(30);
  });

  it("writes an instant in Lima's wall clock, with and without its offset", () => {
    const instant = new Date('2026-03-01T14:30:05.900Z');
    expect(limaWallClock(instant)).toBe('2026-03-01T09:30:05');
    expect(limaAtom(instant)).toBe('2026-03-01T09:30:05-05:00');
    expect(limaWallClock(new Date('2026-03-01T03:00:00Z'))).toBe('2026-02-28T22:00:00');
  });
});
