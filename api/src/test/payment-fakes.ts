import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { registerJsonParser } from '../http/json-body';
import type { ChargeRequest, PaymentNotice, PaymentProvider } from '../payments/provider';
import { paymentSandboxRoutes, type SandboxOptions } from '../payments/sandbox/sandbox.routes';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** A charge as the sales routes ask for one (ABCD2345, S/ 123.45, Ana Quispe, es-PE); `fields` give its reference, expiry and method and may change the rest. */
export function testCharge(fields: Pick<ChargeRequest, 'referencia' | 'expira' | 'metodo'> & Partial<ChargeRequest>): ChargeRequest {
  const { referencia, expira, metodo, ...rest } = fields;
  return {
    referencia,
    codigo: 'ABCD2345',
    montoCentimos: 12345,
    expira,
    metodo,
    comprador: { nombre: 'Ana Quispe', email: 'ana@example.pe' },
    idioma: 'es-PE',
    urlRetorno: 'http://localhost:3000/pasajes/reserva/ABCD2345',
    ...rest,
  };
}

/** A port free right now (for a server that must know its own origin before it listens). */
export async function freePort(): Promise<number> {
  const server = createServer();
  const url = await listen(server);
  await close(server);
  return Number(new URL(url).port);
}

export interface CapturedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A scripted stand-in for a provider's API: records every request and answers with `answer`
 * (status, content type, body), which the test may change between calls.
 */
export async function startCapture(answer: (request: CapturedRequest) => { status: number; type: string; body: string }) {
  const requests: CapturedRequest[] = [];
  const server = createServer(async (request, response) => {
    const captured = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: await readBody(request) };
    requests.push(captured);
    const { status, type, body } = answer(captured);
    response.writeHead(status, { 'content-type': type }).end(body);
  });
  const url = await listen(server);
  return { url, requests, close: () => close(server) };
}

/**
 * The store's side of the notifications, as the sales routes will be: verifies each notice with
 * the adapter and answers the adapter's acknowledgement; a notice that does not verify gets 401.
 * `failing` makes it answer 500 (a store that is down).
 */
export async function startNotificationReceiver(providers: { safetypay: PaymentProvider; pagoefectivo: PaymentProvider }) {
  const notices: PaymentNotice[] = [];
  const rejected: string[] = [];
  const state = { failing: false };
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const provider =
      request.url === '/rest/safetypay/notificacion' ? providers.safetypay : request.url === '/rest/efectivo/notificacion' ? providers.pagoefectivo : null;
    if (!provider || request.method !== 'POST') return void response.writeHead(404).end();
    if (state.failing) return void response.writeHead(500).end();
    try {
      const notice = provider.verifyNotification(body, request.headers);
      notices.push(notice);
      const reply = provider.acknowledge(notice, body);
      response.writeHead(reply.status, { 'content-type': reply.contentType }).end(reply.body);
    } catch (error) {
      rejected.push((error as Error).name);
      response.writeHead(401).end();
    }
  });
  const url = await listen(server);
  return {
    url,
    notices,
    rejected,
    state,
    urls: { safetypay: `${url}/rest/safetypay/notificacion`, pagoefectivo: `${url}/rest/efectivo/notificacion` },
    close: () => close(server),
  };
}

/** The payment sandbox alone on a local port: the fake SafetyPay and PagoEfectivo of the adapter tests. */
export async function startSandbox(options: Omit<SandboxOptions, 'apiOrigin'>) {
  const port = await freePort();
  const apiOrigin = `http://127.0.0.1:${port}`;
  const app = Fastify();
  registerJsonParser(app);
  await app.register(paymentSandboxRoutes, { ...options, apiOrigin });
  await app.listen({ port, host: '127.0.0.1' });
  return { apiOrigin, close: () => app.close() };
}
