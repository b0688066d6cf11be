import { bookingTexts } from './locales';
import { enEN as bookingEnglish } from './locales.en';
import { searchTexts } from './search/locales';
import { enEN as searchEnglish } from './search/locales.en';

const entriesOf = (texts: object, prefix = ''): [string, string][] =>
  Object.entries(texts).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entriesOf(value as object, `${prefix}${key}.`),
  );

describe('booking texts', () => {
  it('has the same keys in both languages, none empty', () => {
    const keys = (texts: object) => entriesOf(texts).map(([key]) => key).sort();
    for (const [spanish, english] of [
      [bookingTexts['es-PE'], bookingEnglish],
      [searchTexts['es-PE'], searchEnglish],
    ] as const) {
      expect(keys(english)).toEqual(keys(spanish));
      for (const texts of [spanish, english]) expect(entriesOf(texts).filter(([, text]) => text.trim() === '')).toEqual([]);
    }
  });

  it('names the steps and seat classes as the spec does', () => {
    const es = bookingTexts['es-PE'];
    expect([es.steps.destinos, es.steps.asientos, es.steps.pago]).toEqual(['Destinos', 'Asientos', 'Pago']);
    expect(Object.keys(es.classes)).toEqual(['140', '160', '180']);
  });
});
