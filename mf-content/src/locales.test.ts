import { NO_TEXT_DIFFERENCES, textDifferences } from '@rumbo/shared/testing';
import { contentTexts } from './locales';

describe('content texts', () => {
  it('has the same keys in both languages, none empty', async () => {
    expect(await textDifferences(contentTexts)).toEqual(NO_TEXT_DIFFERENCES);
  });
});
