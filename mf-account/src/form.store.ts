import { ApiError } from '@rumbo/shared';
import { makeAutoObservable, runInAction } from 'mobx';
import * as v from 'valibot';

/**
 * A message to show. `key` is an i18n key with its namespace (`validation:...`, `account:...`),
 * translated at render so a language switch re-translates it; `text` is the server's own text,
 * used only when it sent no key we know.
 */
export interface FormMessage {
  field?: string;
  key?: string;
  text?: string;
}

/** Where focus should go after a failed submit: a field, or the alert above the form. */
export type FocusTarget = string | 'alert';

export type Outcome<T> = { ok: true; value: T } | { ok: false; focus: FocusTarget };

/**
 * One form's values, messages and sending state. Every account form is checked with its shared
 * valibot schema before it is sent; the server checks it again and its refusal (a field's
 * message, a rate limit) lands in the same messages.
 */
export class FormState<F extends Record<string, string | boolean>> {
  values: F;
  errors: FormMessage[] = [];
  problem: FormMessage | null = null;
  sending = false;

  constructor(initial: F) {
    this.values = { ...initial };
    makeAutoObservable(this);
  }

  set<K extends keyof F>(field: K, value: F[K]): void {
    this.values[field] = value;
  }

  fieldError(field: string): FormMessage | undefined {
    return this.errors.find((error) => error.field === field);
  }

  /** Checks with `schema`; the messages of every failed check, or the parsed output. */
  check<S extends v.GenericSchema>(schema: S): Outcome<v.InferOutput<S>> {
    this.problem = null;
    const result = v.safeParse(schema, this.values);
    if (result.success) {
      this.errors = [];
      return { ok: true, value: result.output };
    }
    this.errors = result.issues.map((issue) => ({ field: v.getDotPath(issue) ?? undefined, key: `validation:${issue.message}` }));
    return { ok: false, focus: this.errors[0]?.field ?? 'alert' };
  }

  /**
   * Sends: `undefined` from the call is a network failure; an `ApiError` becomes the message of
   * its field (when the form has it) or the alert.
   */
  async send<T>(call: () => Promise<T | undefined>): Promise<Outcome<T>> {
    if (this.sending) return { ok: false, focus: 'alert' };
    this.sending = true;
    this.problem = null;
    try {
      const value = await call();
      return runInAction(() => {
        if (value === undefined) {
          this.problem = { key: 'account:errors.network' };
          return { ok: false as const, focus: 'alert' };
        }
        this.errors = [];
        return { ok: true as const, value };
      });
    } catch (error) {
      return runInAction(() => ({ ok: false as const, focus: this.refused(error) }));
    } finally {
      runInAction(() => {
        this.sending = false;
      });
    }
  }

  /** Shows a message that is not about one field. */
  fail(message: FormMessage): FocusTarget {
    this.problem = message;
    return 'alert';
  }

  private refused(error: unknown): FocusTarget {
    if (!(error instanceof ApiError)) return this.fail({ key: 'account:errors.network' });
    const message: FormMessage = { key: error.code ? `validation:${error.code}` : undefined, text: error.message };
    if (error.status === 400 && error.field && Object.hasOwn(this.values, error.field)) {
      this.errors = [{ ...message, field: error.field }];
      return error.field;
    }
    return this.fail(message);
  }
}
