import { createRemoteApp } from '@rumbo/shared';
import { Root } from './root';
import { contentTexts } from './locales';

export const { bootstrap, mount, unmount } = createRemoteApp({ ns: 'content', translations: contentTexts, Root });
