import { createRemoteApp } from '@rumbo/shared';
import { complaintsPackageTexts } from './locales';
import { Root } from './routes';

export const { bootstrap, mount, unmount } = createRemoteApp({
  texts: [complaintsPackageTexts],
  Root,
  build: __BUILD_LABEL__ || __APP_VERSION__,
});
