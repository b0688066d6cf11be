import { type Customer, i18n, registerTexts, session } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import { answer, hydrateAt, json, renderWithUi, setUpShared, stubEndpoints, type StubAnswer } from '@rumbo/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ComplaintPage } from './complaint.page';
import { ComplaintStore } from './complaint.store';
import { complaintsPackageTexts } from './locales';
import { OPERATOR, type City, type ComplaintReceipt } from '@rumbo/shared/schemas';
import EMPTY_SHEET_MESSAGES from '../../shared/src/testing/complaint-empty-sheet.json';
import SHEET from '../../shared/src/testing/complaint-sheet.json';

const CITIES: City[] = [
  { cciudad: 1, nombre: 'Arequipa', codigo: 'AQP', slug: 'arequipa' },
  { cciudad: 2, nombre: 'Cusco', codigo: 'CUZ', slug: 'cusco' },
  { cciudad: 4, nombre: 'Lima', codigo: 'LIM', slug: 'lima' },
];

const RECEIPT: ComplaintReceipt = { numero: '000000007-2026', fecha: '2026-11-22T10:15:00-05:00', plazo: '2026-12-15' };

type Filing = (request: Request) => StubAnswer<typeof endpoints.complaint> | Promise<StubAnswer<typeof endpoints.complaint>>;

/** Answers the page's calls; `filing` answers the complaint POST. Returns the POSTs' bodies. */
function stubRest(filing: Filing = () => RECEIPT): unknown[] {
  const posted: unknown[] = [];
  stubEndpoints(
    answer(endpoints.operator, OPERATOR),
    answer(endpoints.cities, CITIES),
    answer(endpoints.complaint, (request, body) => {
      posted.push(body);
      return filing(request);
    }),
  );
  return posted;
}

/** 22 Nov 2026, 02:30 UTC: still the 21st in Lima (UTC-5). */
const NOW = new Date('2026-11-22T02:30:00Z');

async function renderPage() {
  const store = new ComplaintStore({ now: () => NOW });
  const view = renderWithUi(<ComplaintPage store={store} />);
  await screen.findByText(OPERATOR.razon_social);
  await screen.findByRole('option', { name: 'Cusco' });
  return { store, view };
}

const field = (label: string | RegExp) => screen.getByLabelText(label);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Enviar' }));

function fillValidSheet() {
  fireEvent.change(field('Fecha de nacimiento'), { target: { value: '1990-05-17' } });
  fireEvent.click(screen.getByRole('radio', { name: 'Femenino' }));
  fireEvent.change(field('Número de documento'), { target: { value: '45678912' } });
  fireEvent.change(field('Nombres'), { target: { value: 'Rosa María' } });
  fireEvent.change(field('Apellido paterno'), { target: { value: 'Quispe' } });
  fireEvent.change(field('Apellido materno'), { target: { value: 'Mamani' } });
  fireEvent.change(field('Dirección'), { target: { value: 'Av. Javier Prado 123, Lima' } });
  fireEvent.change(field('Teléfono'), { target: { value: '987654321' } });
  fireEvent.change(field('Correo electrónico'), { target: { value: 'rosa@example.pe' } });
  fireEvent.change(field('Motivo'), { target: { value: '1' } });
  fireEvent.change(field('Fecha y hora del viaje'), { target: { value: '2026-11-20T21:30' } });
  fireEvent.change(field('Ciudad de destino'), { target: { value: '2' } });
  fireEvent.change(field('Detalle'), { target: { value: 'El bus salió dos horas tarde.' } });
  fireEvent.change(field('Pedido del consumidor'), { target: { value: 'Devolución del pasaje' } });
}

/** An empty sheet (with the spec's defaults): each field's first failing check only, in the spec's order. */
const SPEC_MESSAGES_OF_AN_EMPTY_SHEET = EMPTY_SHEET_MESSAGES['es-PE'];

const summaryItems = () => within(screen.getByRole('alert')).getAllByRole('listitem').map((item) => item.textContent);

beforeAll(async () => {
  await setUpShared('es-PE');
  await registerTexts(complaintsPackageTexts);
});

beforeEach(async () => {
  await act(() => i18n.changeLanguage('es-PE'));
  session.signOut();
  stubRest();
});

describe('the complaints book page', () => {
  it('shows the operator, the filing date in Lima, the definitions and the notes', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Libro de Reclamaciones' })).toBeInTheDocument();
    expect(screen.getByText(OPERATOR.ruc)).toBeInTheDocument();
    expect(screen.getByText(OPERATOR.direccion)).toBeInTheDocument();
    expect(screen.getByText('21/11/2026')).toBeInTheDocument();
    expect(screen.getByText('Disconformidad relacionada a los productos o servicios')).toBeInTheDocument();
    expect(
      screen.getByText('Disconformidad no relacionada a los productos o servicios; o, malestar o descontento respecto a la atención al público'),
    ).toBeInTheDocument();
    expect(screen.getByText(/quince \(15\) días hábiles/)).toBeInTheDocument();
    expect(screen.getByText(/recibirá una copia en el correo electrónico/)).toBeInTheDocument();
  });

  it('hydrates the HTML the server rendered with today\'s date in it: no mismatch, the date shown once', async () => {
    const page = () => <ComplaintPage store={new ComplaintStore({ now: () => NOW })} />;
    const { html, mismatches, container } = await hydrateAt('/libro_reclamaciones', '/libro_reclamaciones', page);
    // Rendered at request time: the date is in the HTML, and no placeholder would start the code.
    expect(html).toMatch(/<span[^>]*>21\/11\/2026<\/span>/);
    expect(html).not.toContain('chakra-skeleton');
    await waitFor(() => expect(within(container).getByText(OPERATOR.razon_social)).toBeInTheDocument());
    expect(mismatches).toEqual([]);
    expect(within(container).getAllByText('21/11/2026')).toHaveLength(1);
  });

  it('shows the operator\'s legal name, RUC and address even when /rest/informacion/representante fails', async () => {
    stubEndpoints(answer(endpoints.cities, CITIES), answer(endpoints.operator, json(503, { message: 'down', code: 'request.failed' })));
    renderWithUi(<ComplaintPage store={new ComplaintStore({ now: () => NOW })} />);
    const provider = screen.getByRole('region', { name: /Proveedor|Datos del proveedor/ });
    expect(within(provider).getByText(OPERATOR.razon_social)).toBeInTheDocument();
    expect(within(provider).getByText(OPERATOR.ruc)).toBeInTheDocument();
    expect(within(provider).getByText(OPERATOR.direccion)).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Cusco' });
  });

  it('starts with the spec defaults', async () => {
    const { view } = await renderPage();
    const form = view.container.querySelector('form')!;
    expect(screen.getByRole('radio', { name: 'Masculino' })).toBeChecked();
    expect(field('Tipo de documento')).toHaveValue('19');
    expect(screen.getByRole('radio', { name: 'Reclamo' })).toBeChecked();
    expect(field('Ciudad de destino')).toHaveValue('4');
    expect(field('Motivo')).toHaveValue('');
    expect(screen.getByRole('option', { name: '* Seleccione el Motivo' })).toBeInTheDocument();
    expect(form.querySelector('input[name="tamanioInput"]')).toHaveValue('8');
    expect(form.querySelector('input[name="fecha_actual"]')).toHaveValue('21/11/2026');
    expect(form.querySelector('input[name="cpersona"]')).toHaveValue('');
    expect(field('Número de documento')).toHaveAttribute('maxLength', '8');
    expect(field('Número de documento')).toHaveAttribute('inputMode', 'numeric');
    expect(field('Fecha de nacimiento')).toHaveAttribute('min', '1900-01-01');
    expect(field('Fecha de nacimiento')).toHaveAttribute('max', '2099-12-31');
    expect(field('Fecha y hora del viaje')).toHaveAttribute('min', '1900-01-01T00:00');
    expect(field('Fecha y hora del viaje')).toHaveAttribute('max', '2099-12-31T23:59');
    expect(screen.getByText('0/500')).toBeInTheDocument();
    for (const name of ['nacimiento', 'documento', 'numero', 'datos', 'paterno', 'materno', 'direccion', 'telefono', 'correo', 'motivo', 'viaje', 'destino', 'detalle', 'resultado']) {
      expect(form.querySelector(`[name="${name}"]`)).toBeInTheDocument();
    }
    expect(field('Nombres')).toHaveAttribute('aria-required', 'true');
    expect(field('Pedido del consumidor')).not.toHaveAttribute('aria-required');
  });

  it('on an empty submit lists the spec messages in order and focuses the first invalid field', async () => {
    stubRest();
    await renderPage();
    await submit();

    expect(summaryItems()).toEqual(SPEC_MESSAGES_OF_AN_EMPTY_SHEET);
    const birth = field('Fecha de nacimiento');
    expect(birth).toHaveFocus();
    expect(birth).toHaveAttribute('aria-invalid', 'true');
    const describedBy = birth.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)).toHaveTextContent('Seleccione su fecha de nacimiento');
    // Under each field, its first message only.
    const number = field('Número de documento');
    expect(document.getElementById(number.getAttribute('aria-describedby')!.split(' ').pop()!)).toHaveTextContent(
      'Digite su número de documento',
    );
    expect(globalThis.fetch).not.toHaveBeenCalledWith(expect.objectContaining({ method: 'POST' }));
  });

  it('a message of the summary takes the consumer to its field', async () => {
    stubRest();
    await renderPage();
    await submit();
    await userEvent.click(screen.getByRole('link', { name: 'Complete su dirección' }));
    expect(field('Dirección')).toHaveFocus();
  });

  it('gives the document number the length of the document type', async () => {
    const { view } = await renderPage();
    await userEvent.selectOptions(field('Tipo de documento'), 'Carnet de extranjería');
    expect(field('Número de documento')).toHaveAttribute('maxLength', '12');
    expect(view.container.querySelector('input[name="tamanioInput"]')).toHaveValue('12');
    expect(screen.getByText('12 dígitos')).toBeInTheDocument();
    await userEvent.selectOptions(field('Tipo de documento'), 'Pasaporte');
    expect(field('Número de documento')).toHaveAttribute('maxLength', '15');
  });

  it('counts the detail as it is typed', async () => {
    await renderPage();
    await userEvent.type(field('Detalle'), 'Hola');
    expect(screen.getByText('4/500')).toBeInTheDocument();
  });

  it('posts a valid sheet and shows the receipt', async () => {
    const posted = stubRest();
    await renderPage();
    fillValidSheet();
    await submit();

    const heading = await screen.findByRole('heading', { name: 'Registramos su hoja de reclamación' });
    expect(heading).toHaveFocus();
    expect(posted).toEqual([{ ...SHEET, genero: 'F', fecha_actual: '21/11/2026', destino: '2' }]);
    expect(screen.getByText('000000007-2026')).toBeInTheDocument();
    expect(screen.getByText(/22 de noviembre de 2026.*10:15.*hora de Lima/)).toBeInTheDocument();
    expect(screen.getByText('hasta el 15 de diciembre de 2026 (15 días hábiles)')).toBeInTheDocument();
    expect(screen.getByText('Enviamos una copia a rosa@example.pe.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Registrar otra hoja de reclamación' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(field('Nombres')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Masculino' })).toBeChecked();
  });

  it('disables the submit button while sending', async () => {
    let answer: (response: Response) => void = () => {};
    stubRest(() => new Promise<Response>((resolve) => (answer = resolve)));
    await renderPage();
    fillValidSheet();
    await submit();
    expect(screen.getByRole('button', { name: /Enviando/ })).toBeDisabled();
    await act(async () => answer(json(201, { data: RECEIPT })));
    expect(await screen.findByText('000000007-2026')).toBeInTheDocument();
  });

  it("shows the server's 400 on its field and in the summary", async () => {
    stubRest(() => json(400, { message: 'El DNI debe tener 8 caracteres', code: 'complaint.numero.dni', field: 'numero' }));
    await renderPage();
    fillValidSheet();
    await submit();

    const number = field('Número de documento');
    await waitFor(() => expect(number).toHaveFocus());
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(summaryItems()).toEqual(['El DNI debe tener 8 caracteres']);
    expect(document.getElementById('complaint-numero-error')).toHaveTextContent('El DNI debe tener 8 caracteres');
  });

  it('shows the message of a 429', async () => {
    stubRest(() => json(429, { message: 'Demasiadas solicitudes. Inténtelo de nuevo en unos minutos.', code: 'request.tooMany' }));
    await renderPage();
    fillValidSheet();
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Demasiadas solicitudes. Inténtelo de nuevo en unos minutos.');
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('keeps what was typed when the network fails, and says so', async () => {
    stubRest(() => Promise.reject(new TypeError('Failed to fetch')));
    await renderPage();
    fillValidSheet();
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos enviar su hoja de reclamación. Inténtelo de nuevo: lo que escribió se mantiene.');
    expect(field('Nombres')).toHaveValue('Rosa María');
    expect(field('Detalle')).toHaveValue('El bus salió dos horas tarde.');
    expect(field('Ciudad de destino')).toHaveValue('2');
    expect(screen.getByRole('radio', { name: 'Femenino' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  });

  it('switches labels and the shown messages to English at once', async () => {
    stubRest();
    await renderPage();
    await submit();
    await act(() => i18n.changeLanguage('en-EN'));

    expect(screen.getByRole('heading', { level: 1, name: 'Complaints Book' })).toBeInTheDocument();
    expect(field('Document number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('radio', { name: 'Claim (reclamo)' })).toBeChecked();
    expect(screen.getByText('Dissatisfaction related to the products or services')).toBeInTheDocument();
    expect(summaryItems()[0]).toBe('Select your date of birth');
    expect(document.getElementById('complaint-nacimiento-error')).toHaveTextContent('Select your date of birth');
    expect(screen.getByRole('option', { name: '* Select the reason' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('fills the identity of a signed-in customer', async () => {
    const customer: Customer = {
      id: '4711',
      documentType: '20',
      documentNumber: '001234567890',
      name: 'Ana Lucía',
      firstLastName: 'Torres',
      secondLastName: 'Huamán',
      gender: 'F',
      email: 'ana@example.pe',
      phone: '999888777',
      birthDate: '1985-03-09',
    };
    session.signIn('token', customer);
    const { view } = await renderPage();

    expect(field('Nombres')).toHaveValue('Ana Lucía');
    expect(field('Apellido paterno')).toHaveValue('Torres');
    expect(field('Apellido materno')).toHaveValue('Huamán');
    expect(field('Tipo de documento')).toHaveValue('20');
    expect(field('Número de documento')).toHaveValue('001234567890');
    expect(field('Número de documento')).toHaveAttribute('maxLength', '12');
    expect(field('Fecha de nacimiento')).toHaveValue('1985-03-09');
    expect(field('Correo electrónico')).toHaveValue('ana@example.pe');
    expect(field('Teléfono')).toHaveValue('999888777');
    expect(screen.getByRole('radio', { name: 'Femenino' })).toBeChecked();
    expect(view.container.querySelector('input[name="cpersona"]')).toHaveValue('4711');
  });

  it('offers to retry when the cities cannot be loaded', async () => {
    let citiesUp = false;
    stubEndpoints(
      answer(endpoints.operator, OPERATOR),
      answer(endpoints.cities, () => {
        if (!citiesUp) throw new TypeError('Failed to fetch');
        return CITIES;
      }),
    );
    renderWithUi(<ComplaintPage store={new ComplaintStore({ now: () => NOW })} />);

    expect(await screen.findByText('No pudimos cargar las ciudades.')).toBeInTheDocument();
    citiesUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('option', { name: 'Cusco' })).toBeInTheDocument();
    expect(field('Ciudad de destino')).toHaveValue('4');
  });
});
