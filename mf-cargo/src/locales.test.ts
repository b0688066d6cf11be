import { NO_TEXT_DIFFERENCES, textDifferences } from '@rumbo/shared/testing';
import { cargoTexts } from './locales';

describe('cargo texts', () => {
  it('has the same keys in both languages, none empty', async () => {
    expect(await textDifferences(cargoTexts)).toEqual(NO_TEXT_DIFFERENCES);
  });
});
