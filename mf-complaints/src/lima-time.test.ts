import { formatDay, formatFiled, limaToday } from './lima-time';

describe('Lima dates', () => {
  it("gives today's Lima date as dd/mm/yyyy", () => {
    expect(limaToday(new Date('2026-03-01T04:59:59Z'))).toBe('28/02/2026');
    expect(limaToday(new Date('2026-03-01T05:00:00Z'))).toBe('01/03/2026');
  });

  it('shows a filing instant in Lima time, in each language', () => {
    expect(formatFiled('2026-11-22T15:05:00Z', 'es-PE')).toMatch(/22 de noviembre de 2026.*10:05/);
    expect(formatFiled('2026-11-22T15:05:00Z', 'en-EN')).toMatch(/22 November 2026.*10:05/);
    expect(formatFiled('not a date', 'es-PE')).toBe('not a date');
  });

  it('shows a calendar date as that same day everywhere', () => {
    expect(formatDay('2026-12-15', 'es-PE')).toBe('15 de diciembre de 2026');
    expect(formatDay('2026-12-15', 'en-EN')).toBe('15 December 2026');
    expect(formatDay('15/12/2026', 'en-EN')).toBe('15/12/2026');
  });
});
