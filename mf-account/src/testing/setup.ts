import { i18n, registerTexts, session } from '@rumbo/shared';
import { setUpShared } from '@rumbo/shared/testing';
import { act } from '@testing-library/react';
import { accountPackageTexts } from '../locales';

/**
 * The account pages' tests: the shared module set up in Spanish with this package's texts, and
 * each test starting in Spanish and signed out. Call it at the top of a test file.
 */
export function setUpAccountPages(): void {
  beforeAll(async () => {
    await setUpShared('es-PE');
    await registerTexts(accountPackageTexts);
  });

  beforeEach(async () => {
    await act(() => i18n.changeLanguage('es-PE'));
    session.signOut();
  });
}
