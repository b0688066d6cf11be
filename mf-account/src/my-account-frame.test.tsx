import { PAGE_DATA_ID, resetPageData, session } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import { answer, hydrateAt, stubEndpoints } from '@rumbo/shared/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import { UiProvider } from '@rumbo/shared/ui';
import { MemoryRouter } from 'react-router';
import { MyAccountPage, PROFILE_DATA_KEY } from './my-account.page';
import { CLIENTE } from './testing/fixtures';
import { setUpAccountPages } from './testing/setup';

setUpAccountPages();

const PROFILE = { ...CLIENTE, correo_cc: null, correo_cc_confirmado: false };
const ROSA = { id: '7', documentType: '19', documentNumber: '45678912', name: 'rosa maría', firstLastName: 'Quispe', secondLastName: 'Mamani', gender: 'F', email: 'rosa@example.pe', phone: '987654321', birthDate: '1990-05-17' };

/** The page's data as the site server writes it (`PAINT.data`): what Mi cuenta's loader answered. */
function pageData(data: Record<string, unknown>): void {
  document.getElementById(PAGE_DATA_ID)?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_DATA_ID;
  script.textContent = JSON.stringify(data);
  document.head.append(script);
  resetPageData();
}

/** Mi cuenta as the site server renders it for `/micuenta`, hydrated at `/micuenta`. */
const hydrate = () =>
  hydrateAt('/micuenta', '/micuenta', (address) => (
    <MemoryRouter initialEntries={[address]}>
      <MyAccountPage />
    </MemoryRouter>
  ));

describe('Mi cuenta as the site server renders it', () => {
  beforeEach(() => window.history.pushState(null, '', '/micuenta'));
  afterEach(() => {
    document.getElementById(PAGE_DATA_ID)?.remove();
    resetPageData();
  });

  it('signed out (the server sent such a reader to sign in; a session ended since): the frame, no customer data, hydrated without a mismatch, nothing asked, then to sign in', async () => {
    pageData({});
    const asked = stubEndpoints();
    const { html, mismatches } = await hydrate();
    expect(html).toContain('Mi cuenta');
    expect(html).not.toContain('Rosa');
    expect(mismatches).toEqual([]);
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/login?pathname=/micuenta'));
    expect(asked).toEqual([]);
  });

  it("signed in: the customer's profile and greeting are in the HTML (rendered with their token), hydrated without a mismatch and without asking the API again", async () => {
    pageData({ [PROFILE_DATA_KEY]: PROFILE });
    // The browser's stored session may not have the customer's data: the greeting comes from the rendered profile then.
    session.signIn('h.e30.s', null);
    const asked = stubEndpoints(answer(endpoints.profile, PROFILE));
    const { html, mismatches } = await hydrate();
    expect(html).toContain('Hola, Rosa');
    expect(html).toContain(CLIENTE.correo);
    expect(html).toContain(`value="${CLIENTE.num_doc}"`);
    expect(html).not.toContain('chakra-skeleton');
    expect(mismatches).toEqual([]);
    expect(screen.getByTestId('profile-email')).toHaveTextContent(CLIENTE.correo);
    expect(asked).toEqual([]);
  });

  it('a later Mi cuenta of the same visit (the customer came back to it) asks the API: the rendered profile may be stale', async () => {
    pageData({ [PROFILE_DATA_KEY]: PROFILE });
    session.signIn('h.e30.s', ROSA);
    const asked = stubEndpoints(answer(endpoints.profile, { ...PROFILE, telefono: '912345678' }));
    await act(async () => {
      render(
        <UiProvider>
          <MemoryRouter initialEntries={['/micuenta']}>
            <MyAccountPage />
          </MemoryRouter>
        </UiProvider>,
      );
    });
    await waitFor(() => expect(asked.map((request) => new URL(request.url).pathname)).toEqual(['/rest/user/perfil']));
    expect(await screen.findByDisplayValue('912345678')).toBeInTheDocument();
  });
});
