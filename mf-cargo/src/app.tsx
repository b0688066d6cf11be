import { createRemoteApp } from '@rumbo/shared';
import { cargoPackageTexts } from './locales';
import { Root } from './routes';

export const { bootstrap, mount, unmount } = createRemoteApp({
  texts: [cargoPackageTexts],
  Root,
  build: __BUILD_LABEL__ || __APP_VERSION__,
});
