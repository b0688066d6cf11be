import type { TFunction } from 'i18next';
import type { FieldName, FormMessage } from './complaint.store';

/** A message in the current language: its key when we know it, else the server's own text. */
export function messageText(t: TFunction, message: FormMessage): string {
  if (message.key && t(message.key, { defaultValue: '' }) !== '') return t(message.key);
  return message.text ?? '';
}

/** DOM ids of a field's parts, so the error summary, the label and the messages can link up. */
export function fieldIds(field: FieldName) {
  const control = `complaint-${field}`;
  return { control, hint: `${control}-hint`, error: `${control}-error` };
}

/** Moves focus to a field of the form (a radio group: its checked or first radio). */
export function focusField(form: HTMLFormElement | null, field: FieldName): void {
  const item = form?.elements.namedItem(field);
  if (!item) return;
  if (item instanceof RadioNodeList) {
    const radios = Array.from(item) as HTMLInputElement[];
    (radios.find((radio) => radio.checked) ?? radios[0])?.focus();
    return;
  }
  (item as HTMLElement).focus();
}
