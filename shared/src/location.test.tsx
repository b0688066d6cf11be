import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { currentPathname, useHydrated } from './location';
import { readRenderScopeWith, type RenderScope } from './render-scope';

function Probe({ seen }: { seen: boolean[] }) {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <p>{hydrated ? 'today' : 'placeholder'}</p>;
}

describe('location', () => {
  it("is the page's own address in the browser, whatever a server render's scope says", () => {
    window.history.pushState(null, '', '/libro_reclamaciones');
    readRenderScopeWith(() => ({ pathname: '/somewhere-else' }) as RenderScope);
    try {
      expect(currentPathname()).toBe('/libro_reclamaciones');
    } finally {
      readRenderScopeWith(() => undefined);
    }
  });

  it('useHydrated: false while hydrating prerendered markup, true from the render after', async () => {
    const container = document.createElement('div');
    container.innerHTML = '<p>placeholder</p>';
    const seen: boolean[] = [];
    const recoverable = jest.fn();
    await act(async () => {
      hydrateRoot(container, <Probe seen={seen} />, { onRecoverableError: recoverable });
    });
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(container.textContent).toBe('today');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('useHydrated: true at once on a fresh render', async () => {
    const container = document.createElement('div');
    const seen: boolean[] = [];
    await act(async () => {
      createRoot(container).render(<Probe seen={seen} />);
    });
    expect(seen.every(Boolean)).toBe(true);
    expect(container.textContent).toBe('today');
  });
});
