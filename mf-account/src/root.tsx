import { NotFoundMessage } from '@rumbo/shared/ui';
import { currentPathname } from '@rumbo/shared';
import { BrowserRouter, Route, Routes, StaticRouter } from 'react-router';
import { LoginPage } from './login.page';
import { MyAccountPage } from './my-account.page';
import { RecoverPage } from './recover.page';
import { SignUpPage } from './sign-up.page';

/** The account screens (spec §2); the shell mounts this remote for these paths. */
export function AccountRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/cuenta/registro" element={<SignUpPage />} />
      <Route path="/cuenta/recuperar" element={<RecoverPage />} />
      <Route path="/micuenta/*" element={<MyAccountPage />} />
      <Route path="*" element={<NotFoundMessage />} />
    </Routes>
  );
}

/** The remote's screens, routed by the browser's URL. */
export function Root() {
  // In Node (the build's prerender), the address being rendered.
  if (typeof window === 'undefined') {
    return (
      <StaticRouter location={currentPathname()}>
        <AccountRoutes />
      </StaticRouter>
    );
  }
  return (
    <BrowserRouter>
      <AccountRoutes />
    </BrowserRouter>
  );
}
