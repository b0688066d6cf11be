import { languageChosenBeforeHydration } from './static-language';

function staticHeader(): HTMLSelectElement {
  document.body.innerHTML = `<header id="shell-header"><select id="language-header">
    <option value="es-PE" selected>Español</option><option value="en-EN">English</option></select></header>`;
  return document.querySelector('select')!;
}

describe('a language chosen in the page’s static header, before the shell replaces it', () => {
  it('is the option picked, when the customer changed it', () => {
    staticHeader().value = 'en-EN';
    expect(languageChosenBeforeHydration(document.getElementById('shell-header')!)).toBe('en-EN');
  });

  it('is nothing when the select still shows what the HTML selected', () => {
    staticHeader();
    expect(languageChosenBeforeHydration(document.getElementById('shell-header')!)).toBeUndefined();
  });

  it('is nothing when the header has no language select (an index.html without a server-rendered header)', () => {
    document.body.innerHTML = '<header id="shell-header"></header>';
    expect(languageChosenBeforeHydration(document.getElementById('shell-header')!)).toBeUndefined();
  });
});
