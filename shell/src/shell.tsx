import { RemoteError, UiProvider } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { NotFound } from './pages/not-found';
import { Unavailable } from './pages/unavailable';
import type { MainArea } from './remotes/applications';

const HeaderArea = observer(({ area }: { area: MainArea }) => <Header pathname={area.pathname} />);

/** The main area's own screens; a mounted remote renders beside them, in `#remotes`. */
export const MainStatus = observer(function MainStatus({ area }: { area: MainArea }) {
  switch (area.state) {
    case 'not-found':
      return <NotFound />;
    case 'unavailable':
      return <Unavailable />;
    case 'failed':
      return <RemoteError onRetry={() => void area.retry()} retrying={area.retrying} />;
    case 'ready':
      return null;
  }
});

function mount(id: string, node: ReactNode) {
  createRoot(document.getElementById(id)!).render(
    <StrictMode>
      <UiProvider>{node}</UiProvider>
    </StrictMode>,
  );
}

/** Header, main-area status and footer: three roots around the remotes' containers. */
export function renderShell(area: MainArea): void {
  mount('shell-header', <HeaderArea area={area} />);
  mount('shell-main', <MainStatus area={area} />);
  mount('shell-footer', <Footer />);
}
