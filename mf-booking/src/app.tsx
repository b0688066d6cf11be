import { createRemoteApp } from '@rumbo/shared';
import { bookingTexts } from './locales';
import { Root } from './root';

export const { bootstrap, mount, unmount } = createRemoteApp({
  ns: 'booking',
  translations: bookingTexts,
  Root,
  build: __BUILD_LABEL__ || __APP_VERSION__,
});
