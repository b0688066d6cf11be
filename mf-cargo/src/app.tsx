import { createRemoteApp } from '@rumbo/shared';
import { cargoRemoteTexts } from './locales';
import { Root } from './root';

export const { bootstrap, mount, unmount } = createRemoteApp({
  texts: [cargoRemoteTexts],
  Root,
  build: __BUILD_LABEL__ || __APP_VERSION__,
});
