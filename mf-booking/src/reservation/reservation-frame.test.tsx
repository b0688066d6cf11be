import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { RESERVATION_ROUTE } from '../early-requests';
import { hydrateFrame } from '../testing/hydrate';
import { setUpBooking } from '../testing/render';
import { ReservationPage } from './reservation.page';

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

describe('the reservation\'s frame (the stitched page of /pasajes/reserva/{codigo}, one for every code)', () => {
  it('is its heading and the summary\'s place, no code; it hydrates at a code without a mismatch, then shows what this browser knows of it', async () => {
    const page = (
      <Routes>
        <Route path={RESERVATION_ROUTE} element={<ReservationPage />} />
      </Routes>
    );
    const { html, mismatches, container } = await hydrateFrame(RESERVATION_ROUTE, '/pasajes/reserva/ABCDEFGH', page);
    expect(html).toContain('Tu reserva');
    expect(html).toContain('chakra-skeleton');
    expect(html).not.toContain(':codigo');
    expect(mismatches).toEqual([]);
    // Not a purchase of this browser: the page says so once hydrated, with the address's code.
    expect(await screen.findByRole('alert')).toHaveTextContent('ABCDEFGH');
    container.remove();
  });
});
