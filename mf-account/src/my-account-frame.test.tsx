import { RouteDataProvider, session } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import { answer, hydrateAt, stubEndpoints } from '@rumbo/shared/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import { UiProvider } from '@rumbo/shared/ui';
import { MemoryRouter } from 'react-router';
import { MyAccountPage, type MyAccountData } from './my-account.page';
import { CLIENTE } from './testing/fixtures';
import { setUpAccountPages } from './testing/setup';

setUpAccountPages();

const PROFILE = { ...CLIENTE, correo_cc: null, correo_cc_confirmado: false };
const ROSA = { id: '7', documentType: '19', documentNumber: '45678912', name: 'rosa maría', firstLastName: 'Quispe', secondLastName: 'Mamani', gender: 'F', email: 'rosa@example.pe', phone: '987654321', birthDate: '1990-05-17' };

/** Mi cuenta as the site server renders it for `/micuenta` with its route data (what its loader answered), hydrated at `/micuenta` with the same. */
const hydrate = (data?: MyAccountData) =>
  hydrateAt('/micuenta', '/micuenta', (address) => (
    <RouteDataProvider value={data}>
      <MemoryRouter initialEntries={[address]}>
        <MyAccountPage />
      </MemoryRouter>
    </RouteDataProvider>
  ));

describe('Mi cuenta as the site server renders it', () => {
  beforeEach(() => window.history.pushState(null, '', '/micuenta'));

  it('signed out (the server sent such a reader to sign in; a session ended since): the frame, no customer data, hydrated without a mismatch, nothing asked, then to sign in', async () => {
    const asked = stubEndpoints();
    const { html, mismatches } = await hydrate();
    expect(html).toContain('Mi cuenta');
    expect(html).not.toContain('Rosa');
    expect(mismatches).toEqual([]);
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/login?pathname=/micuenta'));
    expect(asked).toEqual([]);
  });

  it("signed in: the customer's profile and greeting are in the HTML (rendered with their token), hydrated without a mismatch and without asking the API again", async () => {
    // The browser's stored session may not have the customer's data: the greeting comes from the rendered profile then.
    session.signIn('h.e30.s', null);
    const asked = stubEndpoints(answer(endpoints.profile, PROFILE));
    const { html, mismatches } = await hydrate(PROFILE);
    expect(html).toContain('Hola, Rosa');
    expect(html).toContain(CLIENTE.correo);
    expect(html).toContain(`value="${CLIENTE.num_doc}"`);
    expect(html).not.toContain('chakra-skeleton');
    expect(mismatches).toEqual([]);
    expect(screen.getByTestId('profile-email')).toHaveTextContent(CLIENTE.correo);
    expect(asked).toEqual([]);
  });

  it('a Mi cuenta drawn by the browser (the customer came back to it: no route data then) asks the API: the rendered profile may be stale', async () => {
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
