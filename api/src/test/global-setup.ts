/** Jest's global setup: one migrated and seeded template per run (see createTestDatabase). */
export { prepareTemplate as default } from './database';
