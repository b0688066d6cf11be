import type { TFunction } from 'i18next';
import type { FormMessage } from './form-state';

/** A message in the current language: its key when we know it, else the server's own text. */
export function messageText(t: TFunction, message: FormMessage): string {
  if (message.key) {
    const text = t(message.key, { ns: 'validation', defaultValue: '' });
    if (text) return text;
  }
  return message.text ?? '';
}
