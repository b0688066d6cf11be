import { hydrateOrDraw, markLive, type Schedule } from '@rumbo/shared';
import { NotFoundMessage, RemoteError, UiProvider } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { Unavailable } from './pages/unavailable';
import type { MainArea } from './remotes/applications';
import { PAINT } from '@rumbo/shared/paint';

const HeaderArea = observer(function HeaderArea({ area }: { area: MainArea }) {
  return <Header pathname={area.pathname} />;
});

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

/** Marks `container` live once its tree has committed (hydrated or drawn): early-input.ts hands over what was done before. */
function Live({ container, children }: { container: HTMLElement; children: React.ReactNode }) {
  useEffect(() => markLive(container), [container]);
  return children;
}

/** One of the shell's parts: hydrated in place where the server rendered it (`hydrateOrDraw`), marked live once it has. */
function renderPart(container: HTMLElement, part: React.ReactNode): void {
  hydrateOrDraw(
    container,
    <StrictMode>
      <UiProvider>
        <Live container={container}>{part}</Live>
      </UiProvider>
    </StrictMode>,
  );
}

/**
 * The shell's three places around the remotes' containers, each a React root of its own (React
 * hydrates no portal): the header, hydrated at once (its first render is the server's markup, the
 * account button the first script chose: header.tsx); the main area's own screens, drawn (the
 * server sends it empty); the footer, below the fold, hydrated at `later` (`afterFirstPage`: the
 * page's own content is on screen and the browser idle). Until then its form can be typed into and
 * sent: early-input.ts hands both over once it is live.
 */
export function renderShell(area: MainArea, later: Schedule): void {
  renderPart(byId(PAINT.header), <HeaderArea area={area} />);
  const main = createRoot(byId(PAINT.shellMain));
  startTransition(() =>
    main.render(
      <StrictMode>
        <UiProvider>
          <MainStatus area={area} />
        </UiProvider>
      </StrictMode>,
    ),
  );
  later(() => renderPart(byId(PAINT.footer), <Footer />));
}
