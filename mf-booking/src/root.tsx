import { Container, NotFoundMessage, Skeleton } from '@rumbo/shared/ui';
import { lazy, Suspense, type ReactNode } from 'react';
import { routedByUrl } from '@rumbo/shared';
import { BrowserRouter, Route, Routes, StaticRouter } from 'react-router';
import { loadChangesPage, loadDeclarationPage, loadDisruptionPage, loadPaymentPage, loadPostponePage, loadRecoveryPage, loadReservationPage } from './lazy-pages';
import { SeatsPage } from './seats/seats.page';
import { TripsPage } from './trips/trips.page';
import { RESERVATION_ROUTE } from './stored-purchase';

const PaymentPage = lazy(() => loadPaymentPage().then((m) => ({ default: m.PaymentPage })));
const ReservationPage = lazy(() => loadReservationPage().then((m) => ({ default: m.ReservationPage })));
const RecoveryPage = lazy(() => loadRecoveryPage().then((m) => ({ default: m.RecoveryPage })));
const PostponePage = lazy(() => loadPostponePage().then((m) => ({ default: m.PostponePage })));
const DeclarationPage = lazy(() => loadDeclarationPage().then((m) => ({ default: m.DeclarationPage })));
const ChangesPage = lazy(() => loadChangesPage().then((m) => ({ default: m.ChangesPage })));
const DisruptionPage = lazy(() => loadDisruptionPage().then((m) => ({ default: m.DisruptionPage })));

function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Container maxW="5xl" py="6">
          <Skeleton height="96" />
        </Container>
      }
    >
      {children}
    </Suspense>
  );
}

export function BookingRoutes() {
  return (
    <Routes>
      <Route path="/pasajes" element={<TripsPage />} />
      <Route path="/pasajes/asientos" element={<SeatsPage />} />
      <Route
        path="/pasajes/pago"
        element={
          <Lazy>
            <PaymentPage />
          </Lazy>
        }
      />
      <Route
        path={RESERVATION_ROUTE}
        element={
          <Lazy>
            <ReservationPage />
          </Lazy>
        }
      />
      <Route
        path="/pasajes/recuperar"
        element={
          <Lazy>
            <RecoveryPage />
          </Lazy>
        }
      />
      <Route
        path="/pasajes/postergar/:numero"
        element={
          <Lazy>
            <PostponePage />
          </Lazy>
        }
      />
      <Route
        path="/pasajes/declaracion/:numero"
        element={
          <Lazy>
            <DeclarationPage />
          </Lazy>
        }
      />
      <Route
        path="/pasajes/cambios/:numero"
        element={
          <Lazy>
            <ChangesPage />
          </Lazy>
        }
      />
      <Route
        path="/pasajes/incidencia/:numero"
        element={
          <Lazy>
            <DisruptionPage />
          </Lazy>
        }
      />
      <Route path="*" element={<NotFoundMessage />} />
    </Routes>
  );
}

/** The purchase flow's screens, routed by the browser's URL (the shell mounts it under `/pasajes`). */
export const Root = routedByUrl({ BrowserRouter, StaticRouter }, BookingRoutes);
