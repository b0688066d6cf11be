import { ROUTES, routeFor } from './routes';
import { shellTexts } from './locales';
import en from './locales.en-EN.json';

describe('route table', () => {
  it.each([
    ['/', 'mf_content'],
    ['/informacion/terminos-condiciones', 'mf_content'],
    ['/informacion/proteccion-datos/', 'mf_content'],
    ['/libro_reclamaciones', 'mf_complaints'],
    ['/cargo/seguimiento', 'mf_cargo'],
    ['/carga/clausulas', 'mf_cargo'],
    ['/oficina', 'mf_content'],
    ['/promociones', 'mf_content'],
    ['/corporativo', 'mf_content'],
    ['/destinos/cusco', 'mf_content'],
    ['/pasajes/asientos', 'mf_booking'],
    ['/micuenta/viajes', 'mf_account'],
  ])('%s is owned by %s', (path, remote) => {
    expect(routeFor(path)?.remote).toBe(remote);
  });

  it.each(['/nada', '/informacion/otra', '/libro_reclamaciones/x', '/cargo/seguimiento/x/y', '/destinos/paris', '/destinos'])('%s is not found', (path) => {
    expect(routeFor(path)).toBeUndefined();
  });

  it.each([
    ['/pasajes/pago', 'payment'],
    ['/pasajes/reserva/ABCD2345', 'reservation'],
    ['/pasajes/recuperar', 'recovery'],
    ['/pasajes/postergar/ABCD2345-1', 'postpone'],
    ['/pasajes/declaracion/ABCD2345-1', 'declaration'],
    ['/pasajes/asientos', 'trips'],
    ['/pasajes', 'trips'],
  ])('%s has its own page (%s)', (path, id) => {
    expect(routeFor(path)?.id).toBe(id);
  });

  it('matches a parameter only against its allowed values', () => {
    const routes = [{ id: 'destination', path: '/destinos/:city', remote: 'mf_content', params: { city: ['cusco'] } }] as const;
    expect(routeFor('/destinos/cusco', routes)?.id).toBe('destination');
    expect(routeFor('/destinos/paris', routes)).toBeUndefined();
  });

  it('every route has a title and a description in both languages', () => {
    for (const routes of [shellTexts['es-PE'].routes, en.routes]) {
      for (const route of ROUTES) {
        const texts = routes[route.id];
        expect(texts.title).toBeTruthy();
        expect(texts.description).toBeTruthy();
      }
    }
  });
});
