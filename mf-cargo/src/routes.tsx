/**
 * The cargo screens, one row each (`RouteRow`: its path, its page, the loader whose value the page
 * reads with `useRouteData`), read by this remote's server renderer (`renderer.tsx`) and by its
 * browser router (`Root`, built from the same rows): both match the same addresses. The estimate
 * form comes with its cities (its loader's), the tracking form and the clauses with none.
 */
import { answerOf, routedByRows, type RouteRow } from '@rumbo/shared';
import { contentEndpoints } from '@rumbo/shared/contract';
import { NotFoundMessage } from '@rumbo/shared/ui';
import { BrowserRouter, Route, Routes, StaticRouter } from 'react-router';
import CargoPage from './cargo.page';
import type { CargoData } from './cargo.resource';
import ClausesPage from './clauses.page';
import TrackingPage from './tracking.page';

export const CARGO_ROUTES: readonly RouteRow[] = [
  { path: '/cargo', page: CargoPage, load: (context) => answerOf(context, contentEndpoints.cities.path, contentEndpoints.cities.answer) } satisfies RouteRow<CargoData>,
  { path: '/cargo/seguimiento', page: TrackingPage },
  { path: '/carga/clausulas', page: ClausesPage },
];

/** The remote's screens, routed by the address with the rows above (the shell mounts it for these paths). */
export const Root = routedByRows({ BrowserRouter, StaticRouter, Routes, Route }, CARGO_ROUTES, <NotFoundMessage />);
