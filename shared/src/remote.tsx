import { startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { triggerAppChange, unloadApplication } from 'single-spa';
import singleSpaReact from 'single-spa-react';
import { PAINT } from './paint';
import { RouteDataProvider, renderedData } from './route-data';
import { DEFAULT_LANGUAGE, currentLanguage, registerTexts, type PackageTexts } from './i18n';
import { RemoteError, UiProvider } from './ui';

export interface RemoteAppOptions {
  /** The remote's i18n namespaces, their texts in every language and its forms' messages. */
  texts: readonly PackageTexts[];
  /** The remote's root screen (its router, built from its rows, inside). */
  Root: ComponentType;
  /** Which build this is (`__BUILD_LABEL__ || __APP_VERSION__`): shown to operators as `data-build`. */
  build: string;
}

/**
 * Renders its children in a transition after mounting: React then renders the remote's screen in
 * slices, between which the browser stays responsive, rather than in one long task. For the root
 * of anything single-spa mounts (a remote's app, a parcel).
 */
export function InTransition({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? children : null;
}

/**
 * single-spa lifecycles of a remote (its `./app` expose): registers the remote's texts and its
 * forms' messages when it starts, wraps it in the site's Chakra system and turns a render crash
 * into a translated "try again" that reloads only this remote.
 */
export function createRemoteApp({ texts, Root, build }: RemoteAppOptions) {
  const lifecycles = createHydratable<object>({
    render: (_props, hydrating, data) => <RemoteRoot Root={Root} build={build} hydrating={hydrating} data={data} />,
    errorBoundary: (_error, _info, props) => (
      <UiProvider>
        <RemoteError
          onRetry={() => {
            void unloadApplication((props as { name: string }).name, { waitForUnmount: false }).then(() => triggerAppChange());
          }}
        />
      </UiProvider>
    ),
  });
  // Its texts first: the remote's screens render in the current language from the start.
  const registerAll = () => Promise.all(texts.map(registerTexts)).then(() => undefined);
  return { ...lifecycles, bootstrap: [registerAll, lifecycles.bootstrap] };
}

export interface HydratableOptions<P> {
  /**
   * What is rendered in the container; `hydrating`: the container has the markup Node rendered of
   * it, and `data` is what Node rendered it with (`renderedData`: the route's loader value, or a
   * named part's), undefined otherwise.
   */
  render: (props: P, hydrating: boolean, data: unknown) => ReactNode;
  errorBoundary: (error: Error, info: React.ErrorInfo, props: P) => ReactNode;
}

/**
 * single-spa-react lifecycles (an application's or a parcel's) that hydrate a container which
 * already has the markup Node rendered of it (the site server's render with the remote's
 * renderer, see `@rumbo/shared/server`), the same tree, instead of painting it again; and render where
 * there is none. The container is marked live once mounted (shell/src/early-input.ts).
 */
export function createHydratable<P extends object>({ render, errorBoundary }: HydratableOptions<P>) {
  // Whether this mount finds its first screen already in its container, and the address it hydrates for.
  let hydrating = false;
  let hydratedAddress = '';
  let data: unknown;
  const lifecycles = singleSpaReact<P>({
    React,
    ReactDOMClient: { ...ReactDOMClient, hydrateRoot: (container: Element, screen: ReactNode) => hydrateInSlices(container, screen, hydratedAddress) },
    renderType: () => (hydrating ? 'hydrateRoot' : 'createRoot'),
    rootComponent: (props: P) => render(props, hydrating, data),
    errorBoundary: errorBoundary as never,
  });
  const mount = (props: P & { domElement?: HTMLElement }) => {
    const container = props.domElement;
    const prerendered = Boolean(container?.hasChildNodes());
    hydrating = Boolean(container && hydratesHere(container));
    hydratedAddress = currentAddress();
    // What Node rendered this container with, for this mount (a mount drawn anew loads its own).
    data = hydrating ? renderedData(container) : undefined;
    if (container && prerendered && !hydrating) {
      container.replaceChildren();
      markLive(container);
    }
    // React takes the container's events from here (`PAINT.hydrating`): single-spa-react calls
    // `hydrateRoot` within this call.
    if (container && hydrating) container.setAttribute(PAINT.hydrating, '');
    const mounted = lifecycles.mount(props as Parameters<typeof lifecycles.mount>[0]);
    // Mounted (hydrated or drawn): its buttons and forms are its own now (what a customer did
    // in a server-rendered screen before is handed over: shell/src/early-input.ts).
    return container ? mounted.then(() => markLive(container)) : mounted;
  };
  return { ...lifecycles, mount, timeouts: HYDRATING_TIMEOUTS };
}

/**
 * Whether `container` holds markup the browser hydrates: the server rendered it (it has children)
 * in the reader's language (`PAINT.language` on it or its area); a reader in another (chosen
 * before the cookie that tells the server existed) gets it drawn anew.
 */
export function hydratesHere(container: Element): boolean {
  return container.hasChildNodes() && currentLanguage() === renderedLanguage(container);
}

/**
 * The root of a part of the page outside the remotes (the shell's header and footer): hydrated in
 * place when it holds the server's markup in the reader's language (`hydratesHere`), in slices as a
 * remote's screen is, else drawn anew over whatever it holds (`index.html`'s static header).
 * `tree` marks the container live once committed (`markLive`).
 */
export function hydrateOrDraw(container: HTMLElement, tree: ReactNode): ReactDOMClient.Root {
  // A page the browser draws (`index.html`) says no language: its places hold no server render.
  if (container.closest(`[${PAINT.language}]`) && hydratesHere(container)) {
    container.setAttribute(PAINT.hydrating, '');
    return hydrateInSlices(container, tree, currentAddress());
  }
  container.replaceChildren();
  const root = ReactDOMClient.createRoot(container);
  startTransition(() => root.render(tree));
  return root;
}

/** The language the server rendered `container`'s markup in (its area's `PAINT.language`). */
function renderedLanguage(container: Element | undefined): string {
  return container?.closest(`[${PAINT.language}]`)?.getAttribute(PAINT.language) ?? DEFAULT_LANGUAGE;
}

/**
 * How long single-spa lets a mount take before it reports it: a hydration in slices gives way to
 * everything the browser has to do (the customer's taps, a busy phone), so it may take longer
 * than single-spa's default 3 s without anything being wrong; past that it only warns.
 */
const HYDRATING_TIMEOUTS = {
  mount: { millis: 30_000, dieOnTimeout: false, warningMillis: 3_000 },
};

/**
 * Hydrates a remote's server-rendered first screen in a transition. React hydrates a root at a blocking
 * priority, in one task however large the screen (a phone's main thread held for the whole home
 * page); hydration started in a transition is rendered in slices, between which the browser
 * answers the customer (and React hydrates first the part they touch). Next.js hydrates its pages
 * the same way.
 */
function hydrateInSlices(container: Element, screen: ReactNode, address: string): ReactDOMClient.Root {
  let root!: ReactDOMClient.Root;
  startTransition(() => {
    root = ReactDOMClient.hydrateRoot(container, screen, { onRecoverableError: (error) => onRecoverableError(error, container, address) });
  });
  return root;
}

const currentAddress = () => window.location.pathname + window.location.search;

/**
 * What React recovered from while hydrating. A customer who follows a link while a screen
 * hydrates (a tap in the header as the page comes) has the remote's router render the new address
 * over markup of the old: expected, the screen is on its way out. Anything else is a defect,
 * reported. (A language switch never meets a hydrating screen: it is a navigation.)
 */
function onRecoverableError(error: unknown, _container: Element, address: string): void {
  if (currentAddress() !== address) return;
  // As React reports it by default.
  if (typeof reportError === 'function') reportError(error);
  else console.error(error);
}

/**
 * Marks a part of a server-rendered page as the browser's: once the remote has mounted (hydrated
 * or drawn anew), so what a customer did in its server-rendered screen before then is handed over
 * (shell/src/early-input.ts), and the shell's header and footer once live.
 */
export function markLive(element: HTMLElement): void {
  element.setAttribute(PAINT.live, '');
  element.removeAttribute(PAINT.hydrating);
}

/**
 * What a remote renders inside its container, in the browser and in Node alike, with `data`, the
 * route's loader value its first screen is rendered with (`useRouteData`): on the server the
 * loader's, in the browser the same from the page. A fresh mount renders the screen in a
 * transition; hydration must render exactly what Node rendered (it runs in a transition itself:
 * `hydrateInSlices`).
 */
export function RemoteRoot({ Root, build, hydrating, data }: { Root: ComponentType; build: string; hydrating: boolean; data?: unknown }) {
  return (
    <UiProvider>
      <RouteDataProvider value={data}>
        <div data-build={build}>
          {hydrating ? (
            <Root />
          ) : (
            <InTransition>
              <Root />
            </InTransition>
          )}
        </div>
      </RouteDataProvider>
    </UiProvider>
  );
}
