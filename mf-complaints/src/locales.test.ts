import { NO_TEXT_DIFFERENCES, textDifferences } from '@rumbo/shared/testing';
import { complaintsTexts } from './locales';
describe('complaints texts', () => {
  it('has the same keys in both languages, none empty, with the names of the codes in each', async () => {
    expect(await textDifferences(complaintsTexts)).toEqual(NO_TEXT_DIFFERENCES);
    const english = await complaintsTexts['en-EN']();
    expect(english.types['2'].name).toBe('Complaint (queja)');
    expect(english.motivo['10']).toBe('Other');
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
