import { createRemoteApp } from '@rumbo/shared';
import { accountRemoteTexts } from './locales';
import { Root } from './root';

export const { bootstrap, mount, unmount } = createRemoteApp({
  texts: [accountRemoteTexts],
  Root,
  build: __BUILD_LABEL__ || __APP_VERSION__,
});
