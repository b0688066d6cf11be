import { createRemoteApp } from '@rumbo/shared';
import { ComplaintPage } from './complaint.page';
import { complaintsPackageTexts } from './locales';

export const { bootstrap, mount, unmount } = createRemoteApp({
  texts: [complaintsPackageTexts],
  Root: ComplaintPage,
  build: __BUILD_LABEL__ || __APP_VERSION__,
});
