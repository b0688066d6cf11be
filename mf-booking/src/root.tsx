import { NotFoundMessage } from '@rumbo/shared/ui';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PaymentPage } from './payment/payment.page';
import { ReservationPage } from './reservation/reservation.page';
import { SeatsPage } from './seats/seats.page';
import { TripsPage } from './trips/trips.page';

export function BookingRoutes() {
  return (
    <Routes>
      <Route path="/pasajes" element={<TripsPage />} />
      <Route path="/pasajes/asientos" element={<SeatsPage />} />
      <Route path="/pasajes/pago" element={<PaymentPage />} />
      <Route path="/pasajes/reserva/:codigo" element={<ReservationPage />} />
      <Route path="*" element={<NotFoundMessage />} />
    </Routes>
  );
}

/** The purchase flow's screens, routed by the browser's URL (the shell mounts it under `/pasajes`). */
export function Root() {
  return (
    <BrowserRouter>
      <BookingRoutes />
    </BrowserRouter>
  );
}
