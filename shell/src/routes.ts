/**
 * The route table of the site (spec §2, DECISIONS.md): which remote owns a path, and the key of
 * its title and description (`shell` namespace, `routes.<id>`). One typed table; the shell derives
 * single-spa activity, page titles, prefetching and the not-found page from it.
 */
export const REMOTES = ['mf_content', 'mf_complaints', 'mf_booking', 'mf_cargo', 'mf_account'] as const;
export type RemoteName = (typeof REMOTES)[number];

export interface RouteDef {
  id: string;
  /** A path; a `:name` segment matches one segment, from `params[name]` when given. */
  path: string;
  remote: RemoteName;
  /** Allowed values of a `:name` segment; others are not found. */
  params?: Record<string, readonly string[]>;
  /** Also matches every path below this one (the remote routes deeper itself). */
  prefix?: boolean;
  /** Only for a signed-in customer: the site server sends anyone else to sign in first (`loginPath`). */
  signedIn?: boolean;
  /**
   * A script of the remote's version folder that shows the page with no network, in a document of
   * the service worker's own (issue 36: the ticket opens offline without the site's code; offline/sw.ts).
   */
  offline?: string;
}

export const DESTINATION_CITIES = ['arequipa', 'cusco', 'lima', 'trujillo', 'tumbes'] as const;

export const ROUTES = [
  { id: 'home', path: '/', remote: 'mf_content' },
  { id: 'terms', path: '/informacion/terminos-condiciones', remote: 'mf_content' },
  { id: 'privacy', path: '/informacion/proteccion-datos', remote: 'mf_content' },
  { id: 'postponement', path: '/informacion/politica-postergacion', remote: 'mf_content' },
  { id: 'complaints', path: '/libro_reclamaciones', remote: 'mf_complaints' },
  { id: 'payment', path: '/pasajes/pago', remote: 'mf_booking' },
  { id: 'reservation', path: '/pasajes/reserva/:codigo', remote: 'mf_booking', offline: 'offline-ticket.js' },
  { id: 'recovery', path: '/pasajes/recuperar', remote: 'mf_booking' },
  { id: 'postpone', path: '/pasajes/postergar/:numero', remote: 'mf_booking' },
  { id: 'declaration', path: '/pasajes/declaracion/:numero', remote: 'mf_booking' },
  { id: 'disruption', path: '/pasajes/incidencia/:numero', remote: 'mf_booking' },
  { id: 'changes', path: '/pasajes/cambios/:numero', remote: 'mf_booking' },
  { id: 'trips', path: '/pasajes', remote: 'mf_booking', prefix: true },
  { id: 'cargo', path: '/cargo', remote: 'mf_cargo' },
  { id: 'tracking', path: '/cargo/seguimiento', remote: 'mf_cargo' },
  { id: 'cargoClauses', path: '/carga/clausulas', remote: 'mf_cargo' },
  { id: 'promotions', path: '/promociones', remote: 'mf_content' },
  { id: 'agencies', path: '/oficina', remote: 'mf_content' },
  { id: 'corporate', path: '/corporativo', remote: 'mf_content' },
  { id: 'destinationArequipa', path: '/destinos/arequipa', remote: 'mf_content' },
  { id: 'destinationCusco', path: '/destinos/cusco', remote: 'mf_content' },
  { id: 'destinationLima', path: '/destinos/lima', remote: 'mf_content' },
  { id: 'destinationTrujillo', path: '/destinos/trujillo', remote: 'mf_content' },
  { id: 'destinationTumbes', path: '/destinos/tumbes', remote: 'mf_content' },
  { id: 'login', path: '/login', remote: 'mf_account' },
  { id: 'account', path: '/micuenta', remote: 'mf_account', prefix: true, signedIn: true },
  { id: 'recover', path: '/cuenta/recuperar', remote: 'mf_account' },
  { id: 'signup', path: '/cuenta/registro', remote: 'mf_account' },
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];

const segments = (path: string) => path.split('/').filter(Boolean);

function matches(route: RouteDef, pathname: string): boolean {
  const want = segments(route.path);
  const have = segments(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
  if (route.prefix ? have.length < want.length : have.length !== want.length) return false;
  return want.every((segment, i) => {
    const value = decodeURIComponent(have[i]!);
    if (!segment.startsWith(':')) return segment === value;
    const allowed = route.params?.[segment.slice(1)];
    return allowed ? allowed.includes(value) : value !== '';
  });
}

/** The route that owns a path, or undefined (not found). */
export function routeFor(pathname: string, routes: readonly RouteDef[] = ROUTES): RouteDef | undefined {
  return routes.find((route) => matches(route, pathname));
}
