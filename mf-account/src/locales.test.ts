import { NO_TEXT_DIFFERENCES, textDifferences } from '@rumbo/shared/testing';
import { accountTexts } from './locales';
import english from './locales.en-EN.json';

describe('account texts', () => {
  it('has the same keys in both languages, none empty, and English differs from Spanish', async () => {
    expect(await textDifferences(accountTexts)).toEqual(NO_TEXT_DIFFERENCES);
    expect(english.login.heading).not.toBe(accountTexts['es-PE'].login.heading);
  });
});
