import { createRemoteApp } from '@rumbo/shared';
import { contentRemoteTexts } from './locales';
import { Root } from './root';

export const { bootstrap, mount, unmount } = createRemoteApp({
  texts: [contentRemoteTexts],
  Root,
  build: __BUILD_LABEL__ || __APP_VERSION__,
});
