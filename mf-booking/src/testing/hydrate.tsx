import { RouteDataProvider } from '@rumbo/shared';
import { hydrateAt } from '@rumbo/shared/testing';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';

/**
 * `ui` as a server-rendered page (`hydrateAt`): rendered at `built`, hydrated at `url` (`between`
 * runs after the render), both with `data`, its route's loader value (`useRouteData`).
 */
export const hydrateFrame = (built: string, url: string, ui: ReactElement, between?: (container: HTMLElement) => void, data?: unknown) =>
  hydrateAt(
    built,
    url,
    (address) => (
      <RouteDataProvider value={data}>
        <MemoryRouter initialEntries={[address]}>{ui}</MemoryRouter>
      </RouteDataProvider>
    ),
    between,
  );
