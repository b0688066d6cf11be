import { addTranslations, createRemoteApp } from '@rumbo/shared';
import { bookingTexts } from './locales';
import { Root } from './root';
import { searchTexts } from './search/locales';

// Step 1 shows the search widget too, with its own texts.
addTranslations('bookingSearch', searchTexts);

export const { bootstrap, mount, unmount } = createRemoteApp({
  ns: 'booking',
  translations: bookingTexts,
  Root,
  build: __BUILD_LABEL__ || __APP_VERSION__,
});
