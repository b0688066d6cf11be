import { createHash } from 'node:crypto';
import { loadConfig } from '../config';
import { setupTestApp } from '../test/app';
import { parseOperatorTokens } from './operators';

const OPS = 'ops-lima';
const TOKEN = 'f3a9c1d47e8b20c6a5d9e1f07b3c8a4d2e6f1b9c';
const OTHER_TOKEN = '0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c';

describe('operator credentials (OPERATOR_TOKENS)', () => {
  it('reads named tokens and keeps only their hashes', () => {
    const [credential, second] = parseOperatorTokens(`${OPS}=${TOKEN}, dispatch-cli=${OTHER_TOKEN}`);
    expect(credential).toEqual({ name: OPS, tokenHash: createHash('sha256').update(TOKEN).digest() });
    expect(second!.name).toBe('dispatch-cli');
  });

  it('refuses weak, unnamed or repeated credentials at start, never echoing a token', () => {
    const secret = { SESSION_SECRET: 'a8f3k2m9q1w7e5r4t6y0u2i8o3p1l5j7', PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1' };
    expect(() => loadConfig({ ...secret, OPERATOR_TOKENS: `${OPS}=short` })).toThrow(/too weak/);
    expect(() => loadConfig({ ...secret, OPERATOR_TOKENS: `${OPS}=${'a'.repeat(40)}` })).toThrow(/too weak/);
    expect(() => loadConfig({ ...secret, OPERATOR_TOKENS: TOKEN })).toThrow(/name=token/);
    expect(() => loadConfig({ ...secret, OPERATOR_TOKENS: `${OPS}=${TOKEN},${OPS}=${OTHER_TOKEN}` })).toThrow(/twice/);
    try {
      loadConfig({ ...secret, OPERATOR_TOKENS: `Bad Name=${TOKEN}` });
    } catch (error) {
      expect((error as Error).message).not.toContain(TOKEN);
    }
    expect(loadConfig({ ...secret, OPERATOR_TOKENS: `${OPS}=${TOKEN}` }).operators).toHaveLength(1);
  });
});

describe('operator-only endpoints', () => {
  const ctx = setupTestApp({ operators: parseOperatorTokens(`${OPS}=${TOKEN}`) });
  const asOperator = (authorization?: string) =>
    ctx.app.inject({ method: 'GET', url: '/rest/operador/yo', headers: authorization ? { authorization } : {} });

  it('answer the operator a valid token names', async () => {
    const answer = await asOperator(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ data: { nombre: OPS } });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('refuse a missing or unknown token, and a customer session, with a 401 in the caller language', async () => {
    expect((await asOperator()).statusCode).toBe(401);
    expect((await asOperator(`Bearer ${OTHER_TOKEN}`)).statusCode).toBe(401);
    expect((await asOperator(`Basic ${TOKEN}`)).statusCode).toBe(401);
    const withCookie = await ctx.app.inject({ method: 'GET', url: '/rest/operador/yo', cookies: { token: TOKEN } });
    expect(withCookie.statusCode).toBe(401);
    const english = await ctx.app.inject({ method: 'GET', url: '/rest/operador/yo', headers: { 'accept-language': 'en-EN' } });
    expect(english.json().message).toMatch(/sign in|session/i);
  });
});
