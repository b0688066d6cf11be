import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UnavailableError } from '../errors';

/**
 * The client's address as the operator's declared balancer reported it, for the seat-hold bounds
 * (issue 32 item 4). Fastify's `request.ip` walks X-Forwarded-For past every hop that matches
 * TRUST_PROXY: with `loopback` and a client on the balancer's own machine, the client's address
 * is itself "a proxy", and whatever it wrote in X-Forwarded-For became its address (one client held
 * 61 of 61 seats that way). Here only the hops the operator declared are walked: `hops` entries
 * from the right (a hop count), or one (addresses: the balancer in front appended the client's).
 * A request that did not come through a trusted proxy is its socket's address.
 */
export function declaredClientAddress(request: FastifyRequest, hops: number): string {
  const peer = request.socket.remoteAddress ?? request.ip;
  if (hops === 0 || request.ip === peer) return peer;
  const header = request.headers['x-forwarded-for'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((entry) => entry.trim()).filter(Boolean);
  if (entries.length === 0) return peer;
  return entries[Math.max(0, entries.length - hops)]!;
}

/** The headers a proxy in front adds: one of them arriving means the API is behind one. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Issue 32 item 4: a production API started without TRUST_PROXY behind a balancer sees every
 * customer as the balancer's one address (one bound, one rate limit for all). It cannot know at
 * start that a balancer is in front, so it refuses each request a proxy forwarded: 503 in the
 * caller's language, and an error log saying why and what to set (at most once a minute). A request
 * that reaches it directly is served, so a client writing such a header harms only itself.
 */
export function refuseUndeclaredProxy(app: FastifyInstance, now: () => number = Date.now): void {
  let loggedAt = -Infinity;
  app.addHook('onRequest', async (request, reply) => {
    const header = PROXY_HEADERS.find((name) => request.headers[name] !== undefined);
    if (!header) return;
    if (now() - loggedAt > 60_000) {
      loggedAt = now();
      request.log.error(
        { header },
        `a request came through a proxy (${header}) but TRUST_PROXY is not set: every customer would be the proxy's one address. Set TRUST_PROXY to the balancer's hop count or addresses; until then, proxied requests are answered 503`,
      );
    }
    reply.header('retry-after', '60');
    throw new UnavailableError('request.unavailable');
  });
}

