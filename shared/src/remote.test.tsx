import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { createRemoteApp, RemoteRoot, type RemoteAppOptions } from './remote';
import { setUpShared } from './testing';

type Lifecycle = (props: object) => Promise<unknown>;

/** Mounts a remote as single-spa does, into `container`. */
async function mountRemote(
  container: HTMLElement,
  duringMount: () => Promise<unknown> = async () => undefined,
  options: Partial<RemoteAppOptions> = {},
) {
  const app = createRemoteApp({ texts: [], Root: () => <h1>Libro de Reclamaciones</h1>, build: 'b1', ...options });
  const props = { name: 'mf_test', domElement: container, singleSpa: {}, mountParcel: jest.fn() };
  for (const step of app.bootstrap as Lifecycle[]) await step(props);
  // React renders when act's scope ends; single-spa-react resolves the mount once it has.
  let mounted: Promise<unknown> = Promise.resolve();
  await act(async () => {
    mounted = (app.mount as Lifecycle)(props);
    await duringMount();
  });
  await mounted;
  return {
    unmount: async () => {
      let unmounted: Promise<unknown> = Promise.resolve();
      await act(async () => {
        unmounted = (app.unmount as Lifecycle)(props);
      });
      await unmounted;
    },
  };
}

/** What a server-rendered page brings in the remote's container (its build's prerender). */
const PRERENDERED = '<div data-build="b1"><h1>Libro de Reclamaciones</h1></div>';

describe('createRemoteApp on a server-rendered page', () => {
  it('hydrates the first screen that is there: the same elements, now React\'s', async () => {
    await setUpShared('es-PE');
    const container = document.createElement('div');
    container.innerHTML = PRERENDERED;
    const heading = container.querySelector('h1');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const remote = await mountRemote(container);
    expect(container.querySelector('h1')).toBe(heading);
    expect(errors).not.toHaveBeenCalled();
    await remote.unmount();
    errors.mockRestore();
  });

  it('hydrates a large screen in slices: the browser gets its turn between them', async () => {
    await setUpShared('es-PE');
    // React's own scheduler, not act's queue: what a browser runs.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    // Each part takes 8 ms to render. The first one hydrated asks for a turn of the browser (a
    // timer): the parts rendered after it has run were rendered in a later task.
    let afterTurn: boolean[] = [];
    let turnTaken = false;
    let turnAsked = true; // not while rendering the HTML
    function Part({ n }: { n: number }) {
      if (!turnAsked) {
        turnAsked = true;
        setTimeout(() => (turnTaken = true), 0);
      }
      const until = performance.now() + 8;
      while (performance.now() < until);
      afterTurn.push(turnTaken);
      return <p>{n}</p>;
    }
    const Root = () => (
      <>
        {Array.from({ length: 12 }, (_, n) => (
          <Part key={n} n={n} />
        ))}
      </>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(<RemoteRoot Root={Root} build="b1" hydrating />);
    const paragraph = container.querySelector('p');
    const app = createRemoteApp({ texts: [], Root, build: 'b1' });
    const props = { name: 'mf_test', domElement: container, singleSpa: {}, mountParcel: jest.fn() };
    for (const step of app.bootstrap as Lifecycle[]) await step(props);
    afterTurn = [];
    turnAsked = false;
    await (app.mount as Lifecycle)(props);
    expect(container.querySelector('p')).toBe(paragraph);
    expect(afterTurn).toHaveLength(12);
    expect(afterTurn.at(-1)).toBe(true);
    await (app.unmount as Lifecycle)(props);
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  it('renders anew where there is nothing, and in another language than the prerender\'s', async () => {
    await setUpShared('en-EN');
    const container = document.createElement('div');
    container.innerHTML = PRERENDERED;
    const heading = container.querySelector('h1');
    const remote = await mountRemote(container);
    expect(container.querySelector('h1')).not.toBe(heading);
    expect(container.querySelector('h1')).toHaveTextContent('Libro de Reclamaciones');
    expect(container).toHaveAttribute('data-live');
    await remote.unmount();

    const empty = document.createElement('div');
    const fresh = await mountRemote(empty);
    expect(empty.querySelector('h1')).toHaveTextContent('Libro de Reclamaciones');
    await fresh.unmount();
  });

  describe('a screen that does not match its markup', () => {
    const OTHER = '<div data-build="b1"><h1>Otro título</h1></div>';
    const reported = jest.fn();
    beforeEach(() => {
      reported.mockReset();
      globalThis.reportError = reported;
    });

    it('is reported (a defect: the build and its prerender disagree)', async () => {
      await setUpShared('es-PE');
      const container = document.createElement('div');
      container.innerHTML = OTHER;
      const remote = await mountRemote(container);
      expect(container.querySelector('h1')).toHaveTextContent('Libro de Reclamaciones');
      expect(reported).toHaveBeenCalled();
      await remote.unmount();
    });

    it('is not reported when the customer followed a link while it hydrated: the router drew the new address, and the screen is leaving', async () => {
      await setUpShared('es-PE');
      window.history.replaceState(null, '', '/');
      const container = document.createElement('div');
      container.innerHTML = OTHER;
      const remote = await mountRemote(container, async () => window.history.pushState(null, '', '/cargo/seguimiento'));
      expect(reported).not.toHaveBeenCalled();
      await remote.unmount();
      window.history.replaceState(null, '', '/');
    });
  });
});
