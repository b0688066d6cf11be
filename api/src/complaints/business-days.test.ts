import { addBusinessDaysInLima, isBusinessDay } from './business-days';

describe('isBusinessDay', () => {
  it.each([
    ['2025-03-11T15:00:00Z', true], // Tuesday
    ['2025-03-15T15:00:00Z', false], // Saturday
    ['2025-03-16T15:00:00Z', false], // Sunday
    ['2025-01-01T15:00:00Z', false], // Año Nuevo
    ['2025-06-07T15:00:00Z', false], // Batalla de Arica (a Saturday anyway)
    ['2025-07-29T15:00:00Z', false], // Fiestas Patrias
    ['2025-08-06T15:00:00Z', false], // Batalla de Junín, a Wednesday
    ['2025-12-25T15:00:00Z', false], // Navidad
  ])('%s → %s', (iso, expected) => {
    expect(isBusinessDay(new Date(iso))).toBe(expected);
  });

  it('judges the Lima calendar day, not the UTC one', () => {
    // 2025-12-09T02:00Z is still 8 December (a holiday) in Lima; 2025-12-11T02:00Z is Wednesday the 10th.
    expect(isBusinessDay(new Date('2025-12-09T02:00:00Z'))).toBe(false);
    expect(isBusinessDay(new Date('2025-12-11T02:00:00Z'))).toBe(true);
    // Saturday 01:00 UTC is Friday 20:00 in Lima.
    expect(isBusinessDay(new Date('2025-03-15T01:00:00Z'))).toBe(true);
  });
});

describe('addBusinessDaysInLima', () => {
  it('skips weekends: Monday 10 March 2025 + 15 → Monday 31 March', () => {
    expect(addBusinessDaysInLima(new Date('2025-03-10T15:00:00Z'), 15)).toBe('2025-03-31');
  });

  it('does not count the filing day, even when it is a business day', () => {
    expect(addBusinessDaysInLima(new Date('2025-03-10T15:00:00Z'), 1)).toBe('2025-03-11');
    // Filed on Friday: the first business day is Monday.
    expect(addBusinessDaysInLima(new Date('2025-03-14T15:00:00Z'), 1)).toBe('2025-03-17');
    // Filed on Saturday: the same.
    expect(addBusinessDaysInLima(new Date('2025-03-15T15:00:00Z'), 1)).toBe('2025-03-17');
  });

  it('skips Fiestas Patrias and Batalla de Junín: Friday 25 July 2025 + 15 → 20 August', () => {
    expect(addBusinessDaysInLima(new Date('2025-07-25T15:00:00Z'), 15)).toBe('2025-08-20');
  });

  it('skips 8 and 9 December, Christmas and New Year across the year end', () => {
    // Friday 5 Dec: 10..12, 15..19, 22..24, 26, 29..31 are the 15 business days.
    expect(addBusinessDaysInLima(new Date('2025-12-05T15:00:00Z'), 15)).toBe('2025-12-31');
    // Tuesday 23 Dec: 24, 26, 29, 30, 31, then 2 Jan 2026 onwards (1 Jan is a holiday).
    expect(addBusinessDaysInLima(new Date('2025-12-23T15:00:00Z'), 6)).toBe('2026-01-02');
  });

  it('counts from the Lima date of the filing: Thursday 21:00 in Lima is Friday in UTC', () => {
    expect(addBusinessDaysInLima(new Date('2025-03-14T02:00:00Z'), 15)).toBe('2025-04-03');
    expect(addBusinessDaysInLima(new Date('2025-03-14T15:00:00Z'), 15)).toBe('2025-04-04');
  });
});
