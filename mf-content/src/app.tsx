import { createRemoteApp } from '@rumbo/shared';
import { contentPackageTexts } from './locales';
import { Root } from './routes';

export const { bootstrap, mount, unmount } = createRemoteApp({
  texts: [contentPackageTexts],
  Root,
  build: __BUILD_LABEL__ || __APP_VERSION__,
});
