import { WhenIdle, beforeLanguageSwitch, markLive, setLanguage, type Schedule } from '@rumbo/shared';
import { NotFoundMessage, RemoteError, UiProvider } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { languageChosenBeforeHydration } from './layout/static-language';
import { Unavailable } from './pages/unavailable';
import type { MainArea } from './remotes/applications';
import { PAINT } from '@rumbo/shared/paint';

const HeaderArea = observer(function HeaderArea({ area, onLive }: { area: MainArea; onLive: () => void }) {
  // The header now on screen is this one (in the customer's language), not the server-rendered page's.
  useLayoutEffect(() => {
    markLive(byId(PAINT.header));
    onLive();
  }, [onLive]);
  return <Header pathname={area.pathname} />;
});

/**
 * The live footer, in place of the static copy a server-rendered page painted (`[data-static-footer]`),
 * in the same commit: the same markup, so nothing moves.
 */
function FooterArea({ onLive }: { onLive: () => void }) {
  useLayoutEffect(() => {
    const container = byId(PAINT.footer);
    container.querySelector(`:scope > [${PAINT.staticFooter}]`)?.remove();
    markLive(container);
    onLive();
  }, [onLive]);
  return <Footer />;
}

/** The longest a language switch waits for the live footer (a phone far too busy): then it switches anyway. */
const FOOTER_WAIT_MS = 5000;

/**
 * When the live footer replaces the server's copy: at `later` (idle, after the first page), or at
 * once when the customer switches language, which then waits for it: the server's copy does not
 * change language, the live one does, with the header and the main area, in the same commit.
 */
function footerSchedule(later: Schedule): { schedule: Schedule; live: () => void } {
  let show: (() => void) | undefined;
  let wanted = false;
  let live!: () => void;
  const isLive = new Promise<void>((resolve) => (live = resolve));
  beforeLanguageSwitch(() => {
    // Asked before the footer's place was even rendered: it shows as soon as it is.
    wanted = true;
    show?.();
    return Promise.race([isLive, new Promise<void>((resolve) => setTimeout(resolve, FOOTER_WAIT_MS))]);
  });
  return {
    schedule: (run) => {
      show = run;
      if (wanted) run();
      return later(run);
    },
    live,
  };
}

/** The main area's own screens; a mounted remote renders beside them, in `#remotes`. */
export const MainStatus = observer(function MainStatus({ area }: { area: MainArea }) {
  switch (area.state) {
    case 'not-found':
      return <NotFoundMessage />;
    case 'unavailable':
      return <Unavailable />;
    case 'failed':
      return <RemoteError onRetry={() => void area.retry()} retrying={area.retrying} />;
    case 'ready':
      return null;
  }
});

const byId = (id: string) => document.getElementById(id)!;

/**
 * A language picked in the server-rendered page's static header, before the live one replaces it, is
 * applied (not lost with the markup): the one picked already, and any picked until then.
 */
function keepStaticLanguageChoice(header: HTMLElement): () => void {
  const apply = () => {
    const chosen = languageChosenBeforeHydration(header);
    if (chosen) void setLanguage(chosen);
  };
  apply();
  header.addEventListener('change', apply);
  return () => header.removeEventListener('change', apply);
}


/**
 * Header, main-area status and footer around the remotes' containers: one React root (one
 * Chakra provider, global styles injected once) rendering into the three places by portals.
 */
/** `later`: work held until the first page is on screen (`afterFirstPage`). */
export function renderShell(area: MainArea, later: Schedule): void {
  const header = byId(PAINT.header);
  const stopListening = keepStaticLanguageChoice(header);
  const root = createRoot(header);
  const footer = footerSchedule(later);
  // The page's first paint is index.html's static header; React then renders the shell in a
  // transition, in slices, so the browser stays responsive while the remote's code arrives.
  startTransition(() => root.render(
    <StrictMode>
      <UiProvider>
        <HeaderArea area={area} onLive={stopListening} />
        {createPortal(<MainStatus area={area} />, byId(PAINT.shellMain))}
        {createPortal(
          // Below the fold (`#main` is at least a viewport tall): rendered once the page's own content
          // is on screen and the browser is idle, so it never competes with it.
          <WhenIdle schedule={footer.schedule}>
            <FooterArea onLive={footer.live} />
          </WhenIdle>,
          byId(PAINT.footer),
        )}
      </UiProvider>
    </StrictMode>,
  ));
}
