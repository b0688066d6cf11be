import { IconButton } from '@rumbo/shared/ui';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@rumbo/shared';

// The drawer and its overlay code load when the menu is first opened, not with the page.
const MobileMenuDrawer = lazy(() => import('./mobile-menu-drawer'));

/** Below `lg`: a hamburger that opens the menu overlay; Escape, the backdrop and a route change close it. */
export function MobileMenu({ pathname }: { pathname: string }) {
  const { t } = useTranslation('shell');
  // Open only on the page where it was opened: any route change closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  const open = openOn === pathname;

  return (
    <>
      <IconButton
        aria-label={t('menu.open')}
        aria-expanded={open}
        aria-haspopup="dialog"
        variant="ghost"
        hideFrom="lg"
        data-testid="menu-button"
        onClick={() => {
          setWanted(true);
          setOpenOn(pathname);
        }}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </IconButton>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuDrawer open={open} onClose={() => setOpenOn(null)} />
        </Suspense>
      )}
    </>
  );
}
