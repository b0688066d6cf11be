import { createRemoteApp } from '@rumbo/shared';
import { cargoTexts } from './locales';
import { Root } from './root';

export const { bootstrap, mount, unmount } = createRemoteApp({
  ns: 'cargo',
  translations: cargoTexts,
  Root,
  build: __BUILD_LABEL__ || __APP_VERSION__,
});
