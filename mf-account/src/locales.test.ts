import { accountTexts } from './locales';
import { enEN } from './locales.en';

const entriesOf = (texts: object, prefix = ''): [string, string][] =>
  Object.entries(texts).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entriesOf(value as object, `${prefix}${key}.`),
  );

describe('account texts', () => {
  it('has the same keys in both languages, none empty, and English differs from Spanish', () => {
    const es = entriesOf(accountTexts['es-PE']);
    const en = entriesOf(enEN);
    expect(en.map(([key]) => key).sort()).toEqual(es.map(([key]) => key).sort());
    expect([...es, ...en].filter(([, text]) => text.trim() === '')).toEqual([]);
    expect(enEN.login.heading).not.toBe(accountTexts['es-PE'].login.heading);
  });
});
