import { i18n, registerTexts, setLanguage, startLanguage } from './i18n';
import { tripMessages } from './schemas';
import { setUpShared } from './testing';

const loadSearchEnglish = jest.fn(async () => ({ title: 'Find your ticket' }));
const loadPageEnglish = jest.fn(async () => ({ heading: 'Our agencies' }));

beforeAll(() => setUpShared('es-PE'));

describe('texts per language', () => {
  it('bundles Spanish and fetches English only when a customer first reads the site in it', async () => {
    await registerTexts({
      ns: 'search',
      translations: { 'es-PE': { title: 'Busca tu pasaje' }, 'en-EN': loadSearchEnglish },
      messages: [tripMessages],
    });
    await registerTexts({ ns: 'page', translations: { 'es-PE': { heading: 'Nuestras agencias' }, 'en-EN': loadPageEnglish }, messages: [] });
    expect(i18n.t('search:title')).toBe('Busca tu pasaje');
    expect(i18n.t('validation:trip.origen.required')).toBe('Seleccione el origen');
    expect(loadSearchEnglish).not.toHaveBeenCalled();

    const seen: string[] = [];
    i18n.on('languageChanged', () => seen.push(`${i18n.t('search:title')} / ${i18n.t('page:heading')}`));
    await i18n.changeLanguage('en-EN');
    // Both namespaces' English arrived before the switch: every text changed at once.
    expect(seen).toEqual(['Find your ticket / Our agencies']);
    expect(i18n.t('validation:trip.origen.required')).toBe('Select the origin');

    await i18n.changeLanguage('es-PE');
    await i18n.changeLanguage('en-EN');
    expect(loadSearchEnglish).toHaveBeenCalledTimes(1);
  });

  it('a switch is a navigation: the choice kept in its storage key and the cookie the server reads, then the same address loaded again', () => {
    const reload = jest.fn();
    const before = i18n.language;
    setLanguage('es-PE', reload);
    expect(localStorage.getItem('lang-webrumbo')).toBe('es-PE');
    expect(document.cookie).toContain('lang-webrumbo=es-PE');
    expect(reload).toHaveBeenCalledTimes(1);
    // Nothing re-rendered in place: the page loaded again is in the new language.
    expect(i18n.language).toBe(before);
  });

  it('registered while English is on, resolves once its English texts are there', async () => {
    const loadEnglish = jest.fn(async () => ({ title: 'Track your parcel' }));
    await registerTexts({ ns: 'tracking', translations: { 'es-PE': { title: 'Rastrea tu envío' }, 'en-EN': loadEnglish }, messages: [] });
    expect(i18n.t('tracking:title')).toBe('Track your parcel');
  });
});

describe('the start language (issue 36: the installed app starts in its reader\'s language)', () => {
  it.each([
    ['?idioma=en-EN', 'es-PE', 'en-EN'],
    ['?idioma=es-PE', 'en-EN', 'es-PE'],
    ['?idioma=fr-FR', 'en-EN', 'en-EN'],
    ['', 'en-EN', 'en-EN'],
    ['', null, 'es-PE'],
    ['?idioma=', 'xx', 'es-PE'],
  ])('%s with %s stored starts in %s', (search, stored, expected) => {
    expect(startLanguage(search, stored)).toBe(expected);
  });
});
