import { registerTexts, type Language } from '@rumbo/shared';
import { renderWithUi, setUpShared } from '@rumbo/shared/testing';
import { waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
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

/**
 * Types `text` into a city field as a person does: a letter, then the next once the box shows it.
 * (Ark's combobox writes its value back to the box after each render; a jsdom slowed down by a
 * loaded machine can let the next key in first, which a browser does not.) The box may become
 * the combobox on the way: each letter goes where the focus is.
 */
export async function typeCity(user: UserEvent, box: HTMLElement, text: string) {
  await user.click(box);
  for (let length = 1; length <= text.length; length += 1) {
    await user.keyboard(text[length - 1]!);
    await waitFor(() => expect(document.activeElement).toHaveValue(text.slice(0, length)));
  }
}
