import type { TFunction } from 'i18next';
import type * as v from 'valibot';
import { ApiError } from './api';
import { i18n } from './i18n';

/** A message for a form: a `validation` key (translated at render) or the server's own text. */
export interface FormMessage {
  key?: string;
  text?: string;
}

/** A key of the `validation` texts this page has (its packages registered them). */
const isKey = (value: string) => i18n.exists(value, { ns: 'validation' });

/** The first issue of a failed parse, per field: its message key. */
export function firstIssues(issues: readonly v.BaseIssue<unknown>[]): Record<string, FormMessage> {
  const errors: Record<string, FormMessage> = {};
  for (const issue of issues) {
    const field = issue.path?.[0]?.key;
    if (typeof field === 'string' && !errors[field]) errors[field] = { key: issue.message };
  }
  return errors;
}

/** What a failed call means for a form: a field's message, or a message for the whole form. */
export function fromError(error: unknown): { field?: string; message: FormMessage } {
  if (error instanceof ApiError) {
    const message = error.code && isKey(error.code) ? { key: error.code, text: error.message } : { text: error.message };
    return { field: error.field, message };
  }
  return { message: { key: 'request.failed' } };
}

/**
 * A message in the current language: its key when this page has its text (a key may name its
 * namespace, `account:errors.network`; else it is a `validation` key), else the server's own text.
 */
export function messageText(t: TFunction, message: FormMessage): string {
  if (message.key && isKey(message.key)) return t(message.key, { ns: 'validation' });
  return message.text ?? '';
}
