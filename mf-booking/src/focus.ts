/**
 * Moves the focus to a form control by its name (the pages name their controls after their ids,
 * as step 3 does), else to the element with that id (an alert box with tabIndex -1).
 */
export function focusControl(target: string): void {
  const element = (document.getElementsByName(target)[0] ?? document.getElementById(target)) as HTMLElement | null;
  element?.focus();
}
