import { peopleEndpoints, salesEndpoints } from '../contract';
import { answer, json, stubEndpointCalls } from './index';

const post = (path: string, body: unknown) =>
  fetch(`http://api.test${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe('stubEndpointCalls', () => {
  it('answers each endpoint as stubbed, records every call with its body, and gives the bodies sent to one endpoint', async () => {
    const api = stubEndpointCalls(
      answer(salesEndpoints.guest, { cinvitado: 7, tiene_cuenta: false }),
      answer(peopleEndpoints.minorGuardian, (_request, body) => json(409, { message: 'no', code: 'seat.notHeld', sent: body })),
    );

    const guest = await post('/rest/invitado', { nombre: 'Rosa', email: 'rosa@example.pe' });
    expect(guest.status).toBe(201);
    expect(await guest.json()).toEqual({ data: { cinvitado: 7, tiene_cuenta: false } });
    const refused = await post('/rest/asiento/menor', { casiento: 1 });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'no', code: 'seat.notHeld', sent: { casiento: 1 } });
    const unknown = await fetch('http://api.test/rest/terminales');
    expect(unknown.status).toBe(404);

    expect(api.calls.map((call) => [call.request.method, new URL(call.request.url).pathname, call.body])).toEqual([
      ['POST', '/rest/invitado', { nombre: 'Rosa', email: 'rosa@example.pe' }],
      ['POST', '/rest/asiento/menor', { casiento: 1 }],
      ['GET', '/rest/terminales', {}],
    ]);
    expect(api.to(salesEndpoints.guest)).toEqual([{ nombre: 'Rosa', email: 'rosa@example.pe' }]);
    expect(api.to(salesEndpoints.quote)).toEqual([]);
  });
});
