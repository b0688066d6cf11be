import { startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { triggerAppChange, unloadApplication } from 'single-spa';
import singleSpaReact from 'single-spa-react';
import { registerTexts, type PackageTexts } from './i18n';
import { RemoteError, UiProvider } from './ui';

export interface RemoteAppOptions {
  /** The remote's i18n namespaces, their texts in every language and its forms' messages. */
  texts: readonly PackageTexts[];
  /** The remote's root screen (its own router inside). */
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
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: () => (
      <UiProvider>
        <div data-build={build}>
          <InTransition>
            <Root />
          </InTransition>
        </div>
      </UiProvider>
    ),
    errorBoundary: (_error, _info, props) => (
      <UiProvider>
        <RemoteError
          onRetry={() => {
            void unloadApplication(props.name, { waitForUnmount: false }).then(() => triggerAppChange());
          }}
        />
      </UiProvider>
    ),
  });
  // Its texts first: the remote's screens render in the current language from the start.
  const registerAll = () => Promise.all(texts.map(registerTexts)).then(() => undefined);
  return { ...lifecycles, bootstrap: [registerAll, lifecycles.bootstrap] };
}
