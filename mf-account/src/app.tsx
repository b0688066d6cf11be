import { createRemoteApp } from '@rumbo/shared';
import { accountPackageTexts } from './locales';
import { Root } from './routes';

export const { bootstrap, mount, unmount } = createRemoteApp({
  texts: [accountPackageTexts],
  Root,
  build: __BUILD_LABEL__ || __APP_VERSION__,
});
