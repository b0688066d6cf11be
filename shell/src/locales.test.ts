import { NO_TEXT_DIFFERENCES, textDifferences } from '@rumbo/shared/testing';
import { shellTexts } from './locales';

describe('shell texts', () => {
  it('has the same keys in both languages, none empty', async () => {
    expect(await textDifferences(shellTexts)).toEqual(NO_TEXT_DIFFERENCES);
  });
});
