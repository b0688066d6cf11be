import { registerTexts, i18n } from '@rumbo/shared';
import { setUpShared } from '@rumbo/shared/testing';
import { applyHead, headFor } from './head';
import { shellPackageTexts, shellTexts } from './locales';

describe('page titles and descriptions', () => {
  beforeAll(async () => {
    await setUpShared('es-PE');
    await registerTexts(shellPackageTexts);
  });

  it('gives each route its title and description, in the current language', async () => {
    const t = () => i18n.getFixedT(null, 'shell');
    expect(headFor('/libro_reclamaciones', t())).toEqual({
      title: 'Libro de reclamaciones | Rumbo Andino',
      description: shellTexts['es-PE'].routes.complaints.description,
    });
    await i18n.changeLanguage('en-EN');
    expect(headFor('/libro_reclamaciones', t()).title).toBe('Complaints book | Rumbo Andino');
    await i18n.changeLanguage('es-PE');
  });

  it('gives unknown routes the default title and description', () => {
    const head = headFor('/no/existe', i18n.getFixedT(null, 'shell'));
    expect(head).toEqual({ title: shellTexts['es-PE'].defaultTitle, description: shellTexts['es-PE'].defaultDescription });
    applyHead(head);
    expect(document.title).toBe(shellTexts['es-PE'].defaultTitle);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(head.description);
  });
});
