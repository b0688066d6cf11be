import { LANGUAGES, type Language } from '@rumbo/shared';

/**
 * The server-rendered page's header is plain HTML until the shell renders its live one over it: a
 * language picked in it meanwhile would be lost with it. The choice is the select's value when it
 * differs from the option the HTML selected (an English visitor's page hides the Spanish static
 * header, so that visitor never changes it by accident).
 */
export function languageChosenBeforeHydration(header: HTMLElement): Language | undefined {
  const select = header.querySelector('select');
  if (!select) return undefined;
  const initial = [...select.options].find((option) => option.defaultSelected)?.value;
  const chosen = select.value;
  if (chosen === initial || !(LANGUAGES as readonly string[]).includes(chosen)) return undefined;
  return chosen as Language;
}
