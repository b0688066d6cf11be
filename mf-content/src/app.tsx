import { createRemoteApp } from '@rumbo/shared';
import { contentTexts } from './locales';
import { Root } from './root';

export const { bootstrap, mount, unmount } = createRemoteApp({
  ns: 'content',
  translations: contentTexts,
  Root,
  build: __BUILD_LABEL__ || __APP_VERSION__,
});
