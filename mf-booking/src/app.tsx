import { createRemoteApp, registerTexts } from '@rumbo/shared';
import { bookingRemoteTexts } from './locales';
import { Root } from './root';
import { searchRemoteTexts } from './search/locales';

// Step 1 shows the search widget too, with its own texts.
registerTexts(searchRemoteTexts);

export const { bootstrap, mount, unmount } = createRemoteApp({
  texts: bookingRemoteTexts,
  Root,
  build: __BUILD_LABEL__ || __APP_VERSION__,
});
