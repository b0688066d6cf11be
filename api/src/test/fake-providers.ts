import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * A local stand-in for Google's token issuer: publishes a JWKS over HTTP, as Google does, and
 * signs ID tokens with its private key; `forge` signs with a key it does not publish.
 */
export async function startFakeGoogle() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'fake-key-1', alg: 'RS256', use: 'sig' };
  const server = createServer((request, response) => {
    if (request.url !== '/certs') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  const url = await listen(server);
  const issuer = 'https://accounts.fake-google.test';

  const sign = (key: CryptoKey, claims: JWTPayload, options: { expiresIn?: number; issuer?: string; audience?: string | string[] }) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-key-1', typ: 'JWT' })
      .setIssuer(options.issuer ?? issuer)
      .setAudience(options.audience ?? 'fake-client-id.apps.googleusercontent.com')
      .setIssuedAt(now)
      .setExpirationTime(now + (options.expiresIn ?? 3600))
      .sign(key);
  };

  return {
    clientId: 'fake-client-id.apps.googleusercontent.com',
    jwksUrl: `${url}/certs`,
    issuer,
    /** An ID token as Google Identity Services hands it to the page. */
    idToken: (claims: JWTPayload, options: { expiresIn?: number; issuer?: string; audience?: string | string[] } = {}) => sign(privateKey, claims, options),
    /** The same, signed with a key the issuer never published. */
    forge: (claims: JWTPayload) => sign(stranger.privateKey, claims, {}),
    close: () => close(server),
  };
}

interface FakeFacebookToken {
  appId: string;
  userId: string;
  valid?: boolean;
  expiresAt: number;
  email?: string;
  firstName?: string;
  lastName?: string;
}

/**
 * A local stand-in for the Graph API: `debug_token` answers only to the right app credentials,
 * and `/{user-id}` answers the profile to that user's token.
 */
export async function startFakeFacebook(appId: string, appSecret: string) {
  const tokens = new Map<string, FakeFacebookToken>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/debug_token') {
      if (url.searchParams.get('access_token') !== `${appId}|${appSecret}`) return send(400, { error: { message: 'Invalid OAuth access token' } });
      const token = tokens.get(url.searchParams.get('input_token') ?? '');
      if (!token) return send(200, { data: { is_valid: false } });
      return send(200, { data: { app_id: token.appId, is_valid: token.valid ?? true, user_id: token.userId, expires_at: token.expiresAt } });
    }
    const token = tokens.get(url.searchParams.get('access_token') ?? '');
    if (!token || url.pathname !== `/${token.userId}`) return send(400, { error: { message: 'Invalid OAuth access token' } });
    return send(200, { id: token.userId, email: token.email, first_name: token.firstName, last_name: token.lastName });
  });
  const graphUrl = await listen(server);
  return {
    graphUrl,
    /** Registers a user access token the fake Graph API knows. */
    issue(name: string, token: FakeFacebookToken) {
      tokens.set(name, token);
      return name;
    },
    close: () => close(server),
  };
}
