import { NotFoundMessage } from '@rumbo/shared/ui';
import { routedByUrl } from '@rumbo/shared';
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
export const Root = routedByUrl({ BrowserRouter, StaticRouter }, AccountRoutes);
