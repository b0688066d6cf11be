import { session } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import { startEarlyRequest, storedClientHeaders } from '@rumbo/shared/early';
import { answer, hydrateAt, stubEndpoints, TEST_CONFIG } from '@rumbo/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { EARLY_REQUESTS } from './early-requests';
import { MyAccountPage } from './my-account.page';
import { CLIENTE } from './testing/fixtures';
import { setUpAccountPages } from './testing/setup';

setUpAccountPages();

/** Mi cuenta as its stitched page: rendered for `/micuenta` (no session, as in the build), hydrated at `/micuenta`. */
const hydrate = () =>
  hydrateAt('/micuenta', '/micuenta', (address) => (
    <MemoryRouter initialEntries={[address]}>
      <MyAccountPage />
    </MemoryRouter>
  ));

describe("Mi cuenta's frame (the stitched page of /micuenta)", () => {
  beforeEach(() => window.history.pushState(null, '', '/micuenta'));

  it("is the page's heading, sections and the profile's place, no customer data; it hydrates signed in without a mismatch, then shows the profile", async () => {
    const asked = stubEndpoints(answer(endpoints.profile, { ...CLIENTE, correo_cc: null, correo_cc_confirmado: false }));
    session.signIn('h.e30.s', { id: '7', documentType: '19', documentNumber: '45678912', name: 'rosa maría', firstLastName: 'Quispe', secondLastName: 'Mamani', gender: 'F', email: 'rosa@example.pe', phone: '987654321', birthDate: '1990-05-17' });
    // The stitched page's first request, started from its HTML (`/route-hints.js`): the page takes its answer.
    startEarlyRequest(EARLY_REQUESTS['/micuenta']!, { apiBaseUrl: TEST_CONFIG.apiBaseUrl, address: '/micuenta', headers: storedClientHeaders(TEST_CONFIG.product) });
    expect(asked).toHaveLength(1);
    const { html, mismatches } = await hydrate();
    expect(html).toContain('Mi cuenta');
    expect(html).toContain('Mi perfil');
    expect(html).toContain('chakra-skeleton');
    expect(html).not.toContain('Rosa');
    expect(mismatches).toEqual([]);
    expect(await screen.findByTestId('profile-email')).toHaveTextContent(CLIENTE.correo);
    expect(screen.getByText('Hola, Rosa')).toBeInTheDocument();
    expect(asked.map((request) => new URL(request.url).pathname)).toEqual(['/rest/user/perfil']);
  });

  it('hydrates signed out without a mismatch, asks nothing (not even from the HTML), and sends the visitor to sign in', async () => {
    const asked = stubEndpoints();
    startEarlyRequest(EARLY_REQUESTS['/micuenta']!, { apiBaseUrl: TEST_CONFIG.apiBaseUrl, address: '/micuenta', headers: storedClientHeaders(TEST_CONFIG.product) });
    const { mismatches } = await hydrate();
    expect(mismatches).toEqual([]);
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/login?pathname=/micuenta'));
    expect(asked).toEqual([]);
  });
});
