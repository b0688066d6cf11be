import { createRemoteApp } from '@rumbo/shared';
import { bookingRemoteTexts } from './locales';
import { Root } from './root';
import { searchRemoteTexts } from './search/locales';

export const { bootstrap, mount, unmount } = createRemoteApp({
  // Step 1 shows the search widget too, with its own texts.
  texts: [bookingRemoteTexts, searchRemoteTexts],
  Root,
  build: __BUILD_LABEL__ || __APP_VERSION__,
});
