import { NO_TEXT_DIFFERENCES, textDifferences } from '@rumbo/shared/testing';
import { bookingTexts } from './locales';
import { searchTexts } from './search/locales';

describe('booking texts', () => {
  it.each([
    ['booking', bookingTexts],
    ['bookingSearch', searchTexts],
  ])('%s has the same keys in both languages, none empty', async (_, texts) => {
    expect(await textDifferences(texts)).toEqual(NO_TEXT_DIFFERENCES);
  });

  it('English has the texts of every folder (step 3, the reservation, after the sale)', async () => {
    const english = await bookingTexts['en-EN']();
    expect([english.payment.reserve, english.reservation.title, english.postpone.confirm]).toEqual(['Reserve', 'Your reservation', 'Postpone my ticket']);
  });

  it('names the steps and seat classes as the spec does', () => {
    const es = bookingTexts['es-PE'];
    expect([es.steps.destinos, es.steps.asientos, es.steps.pago]).toEqual(['Destinos', 'Asientos', 'Pago']);
    expect(Object.keys(es.classes)).toEqual(['140', '160', '180']);
  });
});
