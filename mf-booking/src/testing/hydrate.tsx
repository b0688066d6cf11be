import { hydrateAt } from '@rumbo/shared/testing';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';

/** `ui` as a server-rendered page (`hydrateAt`): rendered at `built`, hydrated at `url` (`between` runs after the render). */
export const hydrateFrame = (built: string, url: string, ui: ReactElement, between?: (container: HTMLElement) => void) =>
  hydrateAt(built, url, (address) => <MemoryRouter initialEntries={[address]}>{ui}</MemoryRouter>, between);
