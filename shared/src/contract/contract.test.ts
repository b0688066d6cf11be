import { ApiClient } from '../api';
import { configure } from '../config';
import { answer, json, stubEndpoint, stubEndpoints } from '../testing';
import { endpointPath, endpointList, endpoints } from './index';

describe('the endpoint table', () => {
  it('names every /rest call once, each with its owning module and session need', () => {
    const keys = endpointList.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const endpoint of endpointList) {
      expect(endpoint.path).toMatch(/^\/rest\//);
      expect(endpoint.module).toMatch(/^[a-z]+$/);
      expect(['none', 'optional', 'required', 'operator']).toContain(endpoint.session);
      // A POST reads a body, a GET at most a query.
      if (endpoint.method === 'GET') expect(endpoint.body).toBeUndefined();
    }
  });

  it('fills path parameters in (encoded) and adds the query', () => {
    expect(endpointPath(endpoints.destination, { slug: 'cusco y más' })).toBe('/rest/destino/cusco%20y%20m%C3%A1s');
    expect(endpointPath(endpoints.ticketsPdfLink, { codigo: 'ABCDEFGH' }, { exp: '1', firma: 'x y' })).toBe('/rest/venta/pdf/ABCDEFGH?exp=1&firma=x+y');
  });
});

describe('ApiClient.call', () => {
  const api = new ApiClient({ token: () => undefined, language: () => 'es-PE' });
  beforeAll(() => configure({ apiBaseUrl: 'http://api.test', product: 'rumbo', foundingYear: 1996 }));

  it('POSTs the body to the endpoint and answers its data', async () => {
    const requests = stubEndpoint(endpoints.company, { ruc: '20100047218', razon_social: 'ACME S.A.', direccion: null });
    await expect(api.call(endpoints.company, { ruc: '20100047218' })).resolves.toEqual({ ruc: '20100047218', razon_social: 'ACME S.A.', direccion: null });
    expect(requests[0]!.method).toBe('POST');
    expect(new URL(requests[0]!.url).pathname).toBe('/rest/juridica/buscar');
    expect(await requests[0]!.json()).toEqual({ ruc: '20100047218' });
  });

  it('GETs with the query and the path parameters; an empty query adds no query string', async () => {
    const requests = stubEndpoints(answer(endpoints.agencies, []), answer(endpoints.page, (request) => ({ id: 1, slug: new URL(request.url).pathname, titulo: 'T', html: '', actualizado: '2025-06-01' })));
    await api.call(endpoints.agencies, { carga: '1' });
    await api.call(endpoints.agencies, {});
    await expect(api.call(endpoints.page, undefined, { params: { id: 'terminos' } })).resolves.toMatchObject({ slug: '/rest/informacion/terminos' });
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET http://api.test/rest/componente/punto_venta?carga=1',
      'GET http://api.test/rest/componente/punto_venta',
      'GET http://api.test/rest/informacion/terminos',
    ]);
  });

  it('answers a PDF endpoint as a Blob; a call no stub answers reads as the API\'s 404', async () => {
    stubEndpoint(endpoints.ticketsPdf, new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }));
    const file = await api.call(endpoints.ticketsPdf, { codigo: 'ABCDEFGH', clave_bloqueo: 'k'.repeat(16) });
    expect(await file?.text()).toBe('%PDF-1.7');
    await expect(api.call(endpoints.cities)).rejects.toMatchObject({ status: 404, code: 'request.notFound' });
  });

  it('keeps the client\'s rules: 401 is no result, a refusal is an ApiError with its code and field', async () => {
    stubEndpoints(answer(endpoints.profile, json(401, { code: 'request.unauthorized', message: 'no' })), answer(endpoints.tracking, json(400, { code: 'cargo.documento.required', message: 'falta', field: 'documento' })));
    await expect(api.call(endpoints.profile)).resolves.toBeUndefined();
    await expect(api.call(endpoints.tracking, { codigo: 'X', documento: '' })).rejects.toMatchObject({ status: 400, code: 'cargo.documento.required', field: 'documento' });
  });
});
