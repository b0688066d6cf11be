import { registerTexts, i18n } from '@rumbo/shared';
import { json, renderWithUi, setUpShared, stubRest } from '@rumbo/shared/testing';
import { act, screen } from '@testing-library/react';
import { shellPackageTexts } from '../locales';
import { useLegalLinks } from './legal-links';

beforeAll(async () => {
  await setUpShared('es-PE');
  await registerTexts(shellPackageTexts);
});

function Links() {
  const links = useLegalLinks();
  return (
    <ul>
      {links.map((link) => (
        <li key={link.key}>{`${link.to} ${link.label ?? '-'}`}</li>
      ))}
    </ul>
  );
}

const PAGES = {
  'es-PE': [
    { id: 2, slug: 'terminos-condiciones', titulo: 'Términos y condiciones', idioma: 'es-PE' },
    { id: 3, slug: 'proteccion-datos', titulo: 'Política de protección de datos personales', idioma: 'es-PE' },
    { id: 4, slug: 'politica-postergacion', titulo: 'Política de postergación', idioma: 'es-PE' },
  ],
  'en-EN': [
    { id: 2, slug: 'terminos-condiciones', titulo: 'Terms and conditions', idioma: 'en-EN' },
    { id: 3, slug: 'proteccion-datos', titulo: 'Personal data protection policy', idioma: 'en-EN' },
  ],
};

test('the legal links take the titles of /rest/informacion, in the current language', async () => {
  const requests = stubRest((request) => json(200, { data: PAGES[request.headers.get('accept-language') === 'en-EN' ? 'en-EN' : 'es-PE'] }));
  renderWithUi(<Links />);
  expect(await screen.findByText('/informacion/proteccion-datos Política de protección de datos personales')).toBeInTheDocument();
  expect(screen.getByText('/libro_reclamaciones -')).toBeInTheDocument();
  expect(screen.queryByText(/politica-postergacion/)).not.toBeInTheDocument();
  await act(() => i18n.changeLanguage('en-EN'));
  expect(await screen.findByText('/informacion/proteccion-datos Personal data protection policy')).toBeInTheDocument();
  expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/rest/informacion', '/rest/informacion']);
  await act(() => i18n.changeLanguage('es-PE'));
});

test('without an answer the footer keeps its own texts', async () => {
  stubRest(() => json(500, {}));
  renderWithUi(<Links />);
  expect(screen.getByText('/informacion/terminos-condiciones -')).toBeInTheDocument();
});
