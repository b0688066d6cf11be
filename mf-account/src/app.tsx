import { createRemoteApp } from '@rumbo/shared';
import { accountTexts } from './locales';
import { Root } from './root';

export const { bootstrap, mount, unmount } = createRemoteApp({
  ns: 'account',
  translations: accountTexts,
  Root,
  build: __BUILD_LABEL__ || __APP_VERSION__,
});
