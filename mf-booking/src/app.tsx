import { createRemoteApp } from '@rumbo/shared';
import { bookingPackageTexts } from './locales';
import { Root } from './routes';
import { searchPackageTexts } from './search/locales';

export const { bootstrap, mount, unmount } = createRemoteApp({
  // Step 1 shows the search widget too, with its own texts.
  texts: [bookingPackageTexts, searchPackageTexts],
  Root,
  build: __BUILD_LABEL__ || __APP_VERSION__,
});
