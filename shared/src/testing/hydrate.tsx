import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { UiProvider } from '../ui/provider';

/**
 * A server-rendered page's life in the browser: the tree `at` gives for the address `built` rendered to
 * HTML (as a build renders a frame, with no customer data), that HTML hydrated with the tree for
 * `url`. Answers the frame's HTML and the hydration's mismatches (React's recoverable errors),
 * with the root to unmount. `inPage` does to the HTML what a customer (or the page's first script,
 * shell/src/early-input.ts) does before the code arrives.
 */
export async function hydrateAt(
  built: string,
  url: string,
  at: (address: string) => ReactElement,
  inPage: (container: HTMLElement) => void = () => undefined,
): Promise<{ html: string; mismatches: unknown[]; container: HTMLElement; root: Root }> {
  const html = renderToString(<UiProvider>{at(built)}</UiProvider>);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  inPage(container);
  const mismatches: unknown[] = [];
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, <UiProvider>{at(url)}</UiProvider>, { onRecoverableError: (error) => mismatches.push(error) });
  });
  hydrated.add({ container, root: root! });
  return { html, mismatches, container, root: root! };
}

const hydrated = new Set<{ container: HTMLElement; root: Root }>();

/** Unmounts and removes every page `hydrateAt` hydrated; run after each test. */
export function cleanupHydrated(): void {
  for (const { container, root } of hydrated) {
    act(() => root.unmount());
    container.remove();
  }
  hydrated.clear();
}

if (typeof afterEach === 'function') afterEach(cleanupHydrated);
