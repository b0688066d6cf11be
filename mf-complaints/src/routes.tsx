/**
 * The complaints book's route (`RouteRow`: its path, its page, the loader whose value the page
 * reads with `useRouteData`), read by this remote's server renderer (`renderer.tsx`) and its
 * browser app (`app.tsx`): its empty form with the destination cities (its loader's), in the
 * reader's language. One row, so no router: the shell mounts this remote at that path only.
 */
import { answerOf, type RouteRow } from '@rumbo/shared';
import { contentEndpoints } from '@rumbo/shared/contract';
import { ComplaintPage } from './complaint.page';
import type { ComplaintsData } from './complaints.resource';

const complaintsBook = {
  path: '/libro_reclamaciones',
  page: ComplaintPage,
  load: (context) => answerOf(context, contentEndpoints.cities.path, contentEndpoints.cities.answer),
} satisfies RouteRow<ComplaintsData>;

export const COMPLAINTS_ROUTES: readonly RouteRow[] = [complaintsBook];

/** The remote's screen: its one row's page. */
export const Root = complaintsBook.page;
