import { NotFoundMessage } from '@rumbo/shared/ui';
import { routedByUrl } from '@rumbo/shared';
import { BrowserRouter, Route, Routes, StaticRouter } from 'react-router';
import CargoPage from './cargo.page';
import ClausesPage from './clauses.page';
import TrackingPage from './tracking.page';

export function CargoRoutes() {
  return (
    <Routes>
      <Route path="/cargo" element={<CargoPage />} />
      <Route path="/cargo/seguimiento" element={<TrackingPage />} />
      <Route path="/carga/clausulas" element={<ClausesPage />} />
      <Route path="*" element={<NotFoundMessage />} />
    </Routes>
  );
}

/** The remote's screens, routed by the browser's URL (the shell mounts it for these paths). */
export const Root = routedByUrl({ BrowserRouter, StaticRouter }, CargoRoutes);
