import { readFileSync, writeFileSync } from 'node:fs';
import { ENDPOINTS_PAGE, endpointsPage } from './endpoint-docs';

describe('docs/endpoints.md', () => {
  it('is the table the contract gives today (UPDATE_DOCS=1 rewrites it)', () => {
    const page = endpointsPage();
    if (process.env.UPDATE_DOCS === '1') writeFileSync(ENDPOINTS_PAGE, page);
    expect(readFileSync(ENDPOINTS_PAGE, 'utf8')).toBe(page);
  });

  it('names each call with its schema, routes and tests', () => {
    const row = endpointsPage().split('\n').find((line) => line.startsWith('| `POST /rest/viaje` '));
    expect(row).toContain('`TripSearchSchema`');
    expect(row).toContain('`trips/trips.routes.ts`');
    expect(row).toContain('`trips/trips.test.ts`');
  });
});
