import { complaintsBookLine, withComplaintsBook } from './complaints-book';

/** A mail shaped as the account's and privacy mails are (a whole document with its language). */
const accountLikeMail = (lang: 'es' | 'en') => ({
  text: lang === 'es' ? 'Hola:\n\nSu código es 123456.' : 'Hello,\n\nYour code is 123456.',
  html: `<!doctype html>\n<html lang="${lang}"><body style="font-family:Arial,sans-serif;color:#222">\n<p>x</p>\n</body></html>`,
});

describe('the complaints book at the foot of every mail (Ley 32495, issue 47)', () => {
  it("links it in the mail's language, in the text and the HTML, before the body's end", () => {
    const es = withComplaintsBook(accountLikeMail('es'), 'https://rumboandino.pe/');
    expect(es.text).toMatch(/\n\nLibro de Reclamaciones: https:\/\/rumboandino\.pe\/libro_reclamaciones$/);
    expect(es.html).toContain('<a href="https://rumboandino.pe/libro_reclamaciones">Libro de Reclamaciones</a></p>\n</body>');
    const en = withComplaintsBook(accountLikeMail('en'), 'https://rumboandino.pe');
    expect(en.text).toContain('Complaints book (Libro de Reclamaciones): https://rumboandino.pe/libro_reclamaciones');
  });

  it('leaves a mail that already links it as it is, and says where the book is without a site address', () => {
    const own = { text: 'Su reclamo: https://x.pe/libro_reclamaciones', html: '<p>x</p>' };
    expect(withComplaintsBook(own, 'https://x.pe')).toBe(own);
    const bare = withComplaintsBook({ text: 'Hola', html: '<p>Hola</p>' });
    expect(bare.text).toContain('Libro de Reclamaciones: en nuestra web y en cualquier agencia');
    expect(bare.html).toBe('<p>Hola</p><p style="font-size:12px">Libro de Reclamaciones: en nuestra web y en cualquier agencia</p>');
  });

  it('gives the printed copies (PDF) their line in the reader\'s language', () => {
    expect(complaintsBookLine('es-PE')).toBe('Libro de Reclamaciones: en nuestra web y en cualquier agencia.');
    expect(complaintsBookLine('en-EN', 'https://rumboandino.pe')).toBe('Complaints book (Libro de Reclamaciones): https://rumboandino.pe/libro_reclamaciones.');
  });
});
