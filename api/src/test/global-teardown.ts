/** Jest's global teardown: the run's template goes (see createTestDatabase). */
export { removeTemplate as default } from './database';
