import { dateTimeFormat, numberFormat } from './intl';

describe('cached Intl formatters', () => {
  it('formats like a new formatter and hands back the same one for the same locale and options', () => {
    const first = dateTimeFormat('es-PE', { dateStyle: 'long', timeZone: 'UTC' });
    expect(first.format(new Date('2026-11-24T00:00:00Z'))).toBe(
      new Intl.DateTimeFormat('es-PE', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('2026-11-24T00:00:00Z')),
    );
    expect(dateTimeFormat('es-PE', { dateStyle: 'long', timeZone: 'UTC' })).toBe(first);
  });

  it('keeps formatters of other locales and options apart', () => {
    const es = numberFormat('es-PE', { style: 'currency', currency: 'PEN' });
    const en = numberFormat('en-PE', { style: 'currency', currency: 'PEN' });
    expect(en).not.toBe(es);
    expect(numberFormat('es-PE')).not.toBe(es);
    expect(en.format(120)).toBe(new Intl.NumberFormat('en-PE', { style: 'currency', currency: 'PEN' }).format(120));
  });
});
