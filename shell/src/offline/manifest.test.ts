import { NO_TEXT_DIFFERENCES, textDifferences } from '@rumbo/shared/testing';
import en from './manifest.en-EN.json';
import es from './manifest.es-PE.json';
import { linkManifest, manifestHref } from './register';

describe('the web app manifest (issue 36)', () => {
  it('has its texts in both languages', async () => {
    expect(await textDifferences({ 'es-PE': es, 'en-EN': en })).toEqual(NO_TEXT_DIFFERENCES);
  });

  it("links the reader's language's manifest, and follows a change of language", () => {
    linkManifest('es-PE');
    const link = document.querySelector('link[rel="manifest"]');
    expect(link?.getAttribute('href')).toBe('/manifest.webmanifest');
    linkManifest('en-EN');
    expect(document.querySelectorAll('link[rel="manifest"]')).toHaveLength(1);
    expect(link?.getAttribute('href')).toBe(manifestHref('en-EN'));
  });
});
