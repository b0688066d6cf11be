import { UiProvider } from '@rumbo/shared/ui';
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';

const at = (url: string, ui: ReactElement) => (
  <UiProvider>
    <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
  </UiProvider>
);

/**
 * A stitched page's life in the browser: `ui` rendered to HTML at `built` (as the build renders
 * its frame, with no customer data), that HTML hydrated at `url`. Answers the frame's HTML and the
 * hydration's mismatches (React's recoverable errors).
 */
export async function hydrateFrame(built: string, url: string, ui: ReactElement): Promise<{ html: string; mismatches: unknown[]; container: HTMLElement }> {
  const html = renderToString(at(built, ui));
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const mismatches: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, at(url, ui), { onRecoverableError: (error) => mismatches.push(error) });
  });
  return { html, mismatches, container };
}
