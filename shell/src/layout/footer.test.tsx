import { registerTexts } from '@rumbo/shared';
import { json, renderWithUi, setUpShared, stubRest } from '@rumbo/shared/testing';
import { screen, within } from '@testing-library/react';
import { shellPackageTexts } from '../locales';
import { Footer } from './footer';

describe('Footer', () => {
  beforeAll(async () => {
    await setUpShared('es-PE');
    await registerTexts(shellPackageTexts);
  });

  it('shows the call-center number, WhatsApp and e-mail even when /rest/informacion/representante fails', () => {
    stubRest(() => json(503, { message: 'down', code: 'request.failed' }));
    renderWithUi(<Footer />);
    const contact = screen.getByTestId('contact-card');
    expect(within(contact).getByRole('link', { name: '(01) 708-5000' })).toHaveAttribute('href', 'tel:017085000');
    expect(within(contact).getByText('atencion@rumboandino.pe')).toBeInTheDocument();
  });

  it('links every destination, and its subscription form is usable (the server renders the same footer, hydrated: shell.test.tsx)', () => {
    stubRest(() => json(503, { message: 'down', code: 'request.failed' }));
    renderWithUi(<Footer />);
    const form = within(screen.getByRole('form', { name: 'Recibe nuestras promociones' }));
    expect(form.getByRole('textbox')).toBeEnabled();
    expect(form.getByRole('button')).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Cusco' })).toHaveAttribute('href', '/destinos/cusco');
  });
});
