import { createRemoteApp } from '@rumbo/shared';
import { ComplaintPage } from './complaint.page';
import { complaintsTexts } from './locales';

export const { bootstrap, mount, unmount } = createRemoteApp({
  ns: 'complaints',
  translations: complaintsTexts,
  Root: ComplaintPage,
  build: __BUILD_LABEL__ || __APP_VERSION__,
});
