import { i18n, session } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import { CONSENT_CHANNELS, CONSENT_PURPOSES, CONSENT_TEXT_VERSION, type Consents, type MyData } from '@rumbo/shared/schemas';
import { answer, json, renderWithUi, stubEndpoints } from '@rumbo/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { MyAccountPage } from './my-account.page';
import { CommunicationsSection, MyDataSection } from './privacy.sections';
import { MyDataStore } from './privacy.store';
import { setUpAccountPages } from './testing/setup';

setUpAccountPages();

const NOTHING_GIVEN: Consents = {
  version: CONSENT_TEXT_VERSION,
  estado: CONSENT_PURPOSES.flatMap((finalidad) => CONSENT_CHANNELS.map((canal) => ({ canal, finalidad, otorgado: false, fecha: null }))),
  historial: [],
};

/** The API's answer after one change: that consent's state and a history row for it. */
function after(previous: Consents, body: { canal: string; finalidad: string; otorgado: boolean }): Consents {
  const fecha = '2026-06-01T15:00:00.000Z';
  return {
    ...previous,
    estado: previous.estado.map((row) => (row.canal === body.canal && row.finalidad === body.finalidad ? { ...row, otorgado: body.otorgado, fecha } : row)),
    historial: [{ canal: body.canal as 'correo', finalidad: body.finalidad as 'promociones', otorgado: body.otorgado, version: CONSENT_TEXT_VERSION, fecha, origen: 'cuenta' }, ...previous.historial],
  };
}

beforeEach(() => {
  session.signIn('h.e30.s', { id: '7', documentType: '19', documentNumber: '45678912', name: 'rosa', firstLastName: 'Quispe', secondLastName: 'Mamani', gender: 'F', email: 'rosa@example.pe', phone: '987654321', birthDate: '1990-05-17' });
});

describe('Comunicaciones (issue 47)', () => {
  it('is a section of Mi cuenta, beside Mis datos, at /micuenta/comunicaciones', async () => {
    stubEndpoints(answer(endpoints.consents, NOTHING_GIVEN));
    window.history.pushState(null, '', '/micuenta/comunicaciones');
    renderWithUi(
      <MemoryRouter initialEntries={['/micuenta/comunicaciones']}>
        <MyAccountPage />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Comunicaciones' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Mis datos' })).toHaveAttribute('href', '/micuenta/datos');
    expect(await screen.findByRole('group', { name: 'Alertas de precio' })).toBeInTheDocument();
  });

  it('shows every channel of every purpose unticked, says which messages are service ones, and gives one consent with the text version', async () => {
    let state = NOTHING_GIVEN;
    const requests = stubEndpoints(
      answer(endpoints.consents, () => state),
      answer(endpoints.consentChange, (_request, body) => (state = after(state, body as { canal: string; finalidad: string; otorgado: boolean }))),
    );
    renderWithUi(<CommunicationsSection />);

    const promotions = await screen.findByRole('group', { name: 'Promociones y ofertas' });
    const whatsapp = within(promotions).getByRole('checkbox', { name: 'WhatsApp' });
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked();
    // Two marketing purposes by three channels, and the service messages' WhatsApp switch (issue 48).
    expect(screen.getAllByRole('checkbox')).toHaveLength(7);
    const trips = screen.getByRole('group', { name: 'Mis viajes por WhatsApp' });
    expect(within(trips).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(trips).getByRole('checkbox', { name: 'WhatsApp' })).not.toBeChecked();
    expect(screen.getByTestId('consent-service-note')).toHaveTextContent(/no son publicidad/);
    expect(screen.getByText('Aún no ha otorgado ni retirado ningún consentimiento.')).toBeInTheDocument();

    await userEvent.click(whatsapp);
    await waitFor(() => expect(whatsapp).toBeChecked());
    expect(screen.getByTestId('consent-result')).toHaveTextContent('Consentimiento otorgado: Promociones y ofertas por WhatsApp.');
    const sent = requests.find((request) => request.method === 'POST')!;
    expect(await sent.json()).toEqual({ canal: 'whatsapp', finalidad: 'promociones', otorgado: true, version: CONSENT_TEXT_VERSION });
    const history = screen.getByTestId('consent-history');
    expect(within(history).getByText('Otorgado')).toBeInTheDocument();
    expect(within(history).getByText(CONSENT_TEXT_VERSION)).toBeInTheDocument();

    // One tap withdraws it.
    await userEvent.click(whatsapp);
    await waitFor(() => expect(whatsapp).not.toBeChecked());
    expect(screen.getByTestId('consent-result')).toHaveTextContent('Consentimiento retirado: Promociones y ofertas por WhatsApp.');
    expect(within(screen.getByTestId('consent-history')).getAllByRole('row')).toHaveLength(3);
  });

  it('says why a change was refused, in the live region, and in English when English is chosen', async () => {
    stubEndpoints(
      answer(endpoints.consents, NOTHING_GIVEN),
      answer(endpoints.consentChange, json(400, { code: 'privacy.version.stale', message: 'stale' })),
    );
    await act(() => i18n.changeLanguage('en-EN'));
    renderWithUi(<CommunicationsSection />);
    const alerts = await screen.findByRole('group', { name: 'Price alerts' });
    const email = within(alerts).getByRole('checkbox', { name: 'E-mail' });
    await userEvent.click(email);
    await waitFor(() => expect(screen.getByTestId('consent-result')).toHaveTextContent('The consent text has changed. Reload the page and read it again.'));
    expect(email).not.toBeChecked();
    expect(screen.getByText('Service messages (no consent needed)')).toBeInTheDocument();
  });
});

describe('Mis datos (issue 47)', () => {
  const DATA = { generado: '2026-06-01T15:00:00.000Z', cuenta: { ccuenta: 7 } } as unknown as MyData;

  it('downloads the data as a JSON file and says so', async () => {
    stubEndpoints(answer(endpoints.myData, DATA));
    const save = jest.fn();
    renderWithUi(<MyDataSection download={new MyDataStore({ save })} onClosed={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    await waitFor(() => expect(screen.getByTestId('download-result')).toHaveTextContent('Listo: se descargó el archivo con sus datos.'));
    expect(save).toHaveBeenCalledWith('mis-datos-2026-06-01.json', DATA);
  });

  it('shows what is erased, anonymised and kept before closing; asks for the password; closes with it', async () => {
    let tries = 0;
    const requests = stubEndpoints(
      answer(endpoints.closeAccount, () => (++tries === 1 ? json(400, { code: 'privacy.clave.wrong', message: 'x', field: 'clave' }) : { cerrada: true as const })),
    );
    const onClosed = jest.fn();
    renderWithUi(<MyDataSection onClosed={onClosed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar mi cuenta' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Cerrar su cuenta?' });
    const effects = within(dialog).getByTestId('close-effects');
    expect(effects).toHaveTextContent('Se borra');
    expect(effects).toHaveTextContent('Se anonimiza');
    expect(effects).toHaveTextContent('Se conserva (lo exige la ley)');
    expect(effects).toHaveTextContent(/correo queda libre/);

    const confirm = within(dialog).getByRole('button', { name: 'Cerrar mi cuenta definitivamente' });
    await userEvent.click(confirm);
    expect(await within(dialog).findByText('Ingrese su contraseña para confirmar')).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/^Contraseña actual/), 'Andes2026');
    await userEvent.click(confirm);
    expect(await within(dialog).findByText('La contraseña no es correcta')).toBeInTheDocument();
    expect(onClosed).not.toHaveBeenCalled();

    await userEvent.click(confirm);
    await waitFor(() => expect(onClosed).toHaveBeenCalledTimes(1));
    expect(await requests[1]!.json()).toEqual({ clave: 'Andes2026' });
  });

  it('closes an account without a password with a code mailed to it', async () => {
    const requests = stubEndpoints(answer(endpoints.closeAccountCode, { enviado: true as const }), answer(endpoints.closeAccountWithCode, { cerrada: true as const }));
    const onClosed = jest.fn();
    renderWithUi(<MyDataSection onClosed={onClosed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar mi cuenta' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Cerrar su cuenta?' });
    expect(within(dialog).getByTestId('close-effects')).toHaveTextContent('Se conserva (lo exige la ley)');
    await userEvent.click(within(dialog).getByRole('button', { name: /enviarme un código por correo/ }));
    expect(await within(dialog).findByTestId('close-code-sent')).toHaveTextContent('Le enviamos un código de 6 dígitos');
    const confirm = within(dialog).getByRole('button', { name: 'Cerrar mi cuenta definitivamente' });
    await userEvent.click(confirm);
    expect(await within(dialog).findByText('Ingrese el código de 6 dígitos que le enviamos')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Código de 6 dígitos/), '123456');
    await userEvent.click(confirm);
    await waitFor(() => expect(onClosed).toHaveBeenCalledTimes(1));
    expect(requests).toHaveLength(2);
    expect(await requests[1]!.json()).toEqual({ codigo: '123456' });
  });
});
