import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import type { Database } from '../db/client';

export const TEST_SECRET = 'test-session-secret-of-forty-characters!';

/** The app as main.ts builds it, with the dev mailbox on and no logger. */
export function createTestApp(db: Database, options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  return buildApp({ db, sessionSecret: TEST_SECRET, devMailbox: true, ...options });
}
