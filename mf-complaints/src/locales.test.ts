import { complaintsTexts } from './locales';
import { enEN } from './locales.en';

const entriesOf = (texts: object, prefix = ''): [string, string][] =>
  Object.entries(texts).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entriesOf(value as object, `${prefix}${key}.`),
  );
const keysOf = (texts: object) => entriesOf(texts).map(([key]) => key);

describe('complaints texts', () => {
  it('has the same keys in both languages, none empty', () => {
    const es = complaintsTexts['es-PE'];
    expect(keysOf(enEN).sort()).toEqual(keysOf(es).sort());
    for (const texts of [es, enEN]) expect(entriesOf(texts).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it("keeps the spec's empty reason choice and the legal definitions verbatim", () => {
    const es = complaintsTexts['es-PE'];
    expect(es.motivo.empty).toBe('* Seleccione el Motivo');
    expect(es.types['1'].definition).toBe('Disconformidad relacionada a los productos o servicios');
    expect(es.types['2'].definition).toBe(
      'Disconformidad no relacionada a los productos o servicios; o, malestar o descontento respecto a la atención al público',
    );
  });
});
