import { act, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { inViewPart } from './hydration';

/** An IntersectionObserver the test drives: `enterView()` reports every observed element in view. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets.length = 0;
  }
  static enterView() {
    for (const observer of FakeObserver.all) {
      const entries = observer.targets.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry);
      if (entries.length) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      pressed {count}
    </button>
  );
}

/** What the build renders for `<Page />` (a completed Suspense boundary inside the part's wrapper). */
const SERVER_MARKUP = '<h1>Top</h1><div id="below"><!--$--><button type="button">pressed <!-- -->0</button><!--/$--></div>';

describe('inViewPart', () => {
  beforeEach(() => {
    FakeObserver.all = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
  });

  function setup() {
    const load = jest.fn(() => Promise.resolve({ default: Counter }));
    const Below = inViewPart('below', load);
    const Page = () => (
      <>
        <h1>Top</h1>
        <Below />
      </>
    );
    return { load, Page };
  }

  it('keeps the prerendered markup and loads its code only when it comes into view, then hydrates it', async () => {
    const { load, Page } = setup();
    const container = document.createElement('div');
    container.innerHTML = SERVER_MARKUP;
    document.body.append(container);
    const button = container.querySelector('button')!;
    const recoverable = jest.fn();
    await act(async () => {
      hydrateRoot(container, <Page />, { onRecoverableError: recoverable });
    });
    expect(load).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(SERVER_MARKUP);

    await act(async () => FakeObserver.enterView());
    expect(load).toHaveBeenCalledTimes(1);
    // The same element, now live.
    expect(container.querySelector('button')).toBe(button);
    await act(async () => button.click());
    expect(button.textContent).toBe('pressed 1');
    expect(recoverable).not.toHaveBeenCalled();
    container.remove();
  });

  it('loads at once where the browser renders the part itself (no markup)', async () => {
    const { load, Page } = setup();
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      createRoot(container).render(<Page />);
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector('#below button')!.textContent).toBe('pressed 0');
    container.remove();
  });
});
