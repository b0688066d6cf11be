import { bookingTexts } from './locales';
import { searchTexts } from './search/locales';

const entriesOf = (texts: object, prefix = ''): [string, string][] =>
  Object.entries(texts).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entriesOf(value as object, `${prefix}${key}.`),
  );

describe('booking texts', () => {
  it('has the same keys in both languages, none empty', () => {
    const keys = (texts: object) => entriesOf(texts).map(([key]) => key).sort();
    for (const texts of [bookingTexts, searchTexts]) {
      expect(keys(texts['en-EN'])).toEqual(keys(texts['es-PE']));
      for (const language of ['es-PE', 'en-EN'] as const) {
        expect(entriesOf(texts[language]).filter(([, text]) => text.trim() === '')).toEqual([]);
      }
    }
  });

  it('names the steps and seat classes as the spec does', () => {
    const es = bookingTexts['es-PE'];
    expect([es.steps.destinos, es.steps.asientos, es.steps.pago]).toEqual(['Destinos', 'Asientos', 'Pago']);
    expect(Object.keys(es.classes)).toEqual(['140', '160', '180']);
  });
});
