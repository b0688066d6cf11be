import { registerTexts, type Language } from '@rumbo/shared';
import { renderWithUi, setUpShared } from '@rumbo/shared/testing';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { bookingPackageTexts } from '../locales';
import { searchPackageTexts } from '../search/locales';

/** Sets `shared` up as the shell does and adds this remote's texts, as mounting it does. */
export async function setUpBooking(language: Language = 'es-PE') {
  await setUpShared(language);
  await registerTexts(bookingPackageTexts);
  await registerTexts(searchPackageTexts);
}

/** Renders a screen of the remote at `url`, inside the site's providers. */
export function renderAt(url: string, ui: ReactElement) {
  return renderWithUi(<MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>);
}
