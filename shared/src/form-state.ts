import { makeAutoObservable, runInAction } from 'mobx';
import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import * as v from 'valibot';
import { ApiError } from './api';
import type { FormMessage } from './form-message';
import { PAINT } from './paint';

/** Where focus goes after a failed submit: a field (its name), or the alert above the form. */
export type FocusTarget = string;
export const ALERT: FocusTarget = 'alert';

/** What a step of the flow gave: its value, or where the focus goes (nowhere: a submit already under way). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; focus: FocusTarget | undefined };

export interface FormStateOptions {
  /** The message when no answer came (network, timeout): a key with its namespace. */
  noAnswer?: FormMessage;
  /** Refusals that name no field but are about one: error code → field (an unknown code, say). */
  codeFields?: Readonly<Record<string, string>>;
  /**
   * Where the request carries this form's values (`comprador`): an issue of the check, or a
   * refusal, about `comprador.email` is about the form's field `email`.
   */
  prefix?: string;
}

/** The fields of a form whose value is text. */
type TextKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

/** A field's message, as the form keeps them: which field it is about. */
export type FieldMessage = FormMessage & { field?: string };

/**
 * One form's values, messages and sending state: the site's one form flow. It is checked with its
 * shared valibot schema before it is sent (the server checks it again with the same schema); a
 * refusal lands in the same messages (a field's, or the alert's), and every step answers where the
 * focus goes. Keys carry their namespace (`validation:…`, `account:…`) and are translated at
 * render (`messageText`), so a language switch re-translates them.
 */
export class FormState<F extends Record<string, unknown>> {
  values: F;
  /** Every failing check of the last submit, in the schema's order (or the server's one). */
  errors: FieldMessage[] = [];
  /** A failure that is not about one field (network, rate limit, server). */
  problem: FormMessage | null = null;
  sending = false;
  private readonly noAnswer: FormMessage;
  private readonly codeFields: Readonly<Record<string, string>>;
  private readonly prefix: string | undefined;

  constructor(initial: F, { noAnswer = { key: 'validation:request.failed' }, codeFields = {}, prefix }: FormStateOptions = {}) {
    this.values = { ...initial };
    this.noAnswer = noAnswer;
    this.codeFields = codeFields;
    this.prefix = prefix;
    // `bind` reads the values as a render does (an action would not be tracked by the observer).
    makeAutoObservable<FormState<F>, 'noAnswer' | 'codeFields' | 'prefix'>(this, { noAnswer: false, codeFields: false, prefix: false, bind: false });
  }

  /** Sets a field; its message goes (the customer is fixing it). */
  set<K extends keyof F>(field: K, value: F[K]): void {
    this.values[field] = value;
    if (this.errors.some((error) => error.field === field)) this.errors = this.errors.filter((error) => error.field !== field);
  }

  /** Replaces the values (a new sheet, a customer's data). */
  reset(values: F): void {
    this.values = { ...values };
    this.errors = [];
    this.problem = null;
  }

  /**
   * A text field's part of the form, for a field component (`TextField`, `SelectField`):
   * `<TextField id=… label=… {...form.bind('codigo')} />` shows the value, sets it and shows its message.
   */
  bind<K extends TextKeys<F>>(field: K): { name: K; value: string; onValue: (value: string) => void; error: FieldMessage | undefined } {
    return {
      name: field,
      value: String(this.values[field]),
      onValue: (value) => this.set(field, value as F[K]),
      error: this.fieldError(field),
    };
  }

  fieldError(field: string): FieldMessage | undefined {
    return this.errors.find((error) => error.field === field);
  }

  /** What a form of one field shows under it: that field's message, else any other (a hidden value's, the alert's). */
  soleMessage(field: keyof F & string): FormMessage | undefined {
    return this.fieldError(field) ?? this.errors[0] ?? this.problem ?? undefined;
  }

  /** Checks with `schema`: the parsed output, or every failed check as a message. */
  check<S extends v.GenericSchema>(schema: S, input: unknown = this.values): Outcome<v.InferOutput<S>> {
    this.problem = null;
    const result = v.safeParse(schema, input);
    if (result.success) {
      this.errors = [];
      return { ok: true, value: result.output };
    }
    this.errors = result.issues.map((issue) => ({ field: this.fieldOf(v.getDotPath(issue) ?? undefined), key: `validation:${issue.message}` }));
    return { ok: false, focus: this.errors[0]?.field ?? ALERT };
  }

  /**
   * Checks what the customer did not type (a purchase key, a ticket's access from storage): a
   * failure is the alert's message (its first issue), no field's.
   */
  checkAlert<S extends v.GenericSchema>(schema: S, input: unknown): Outcome<v.InferOutput<S>> {
    this.problem = null;
    const result = v.safeParse(schema, input);
    if (result.success) return { ok: true, value: result.output };
    return { ok: false, focus: this.fail({ key: `validation:${result.issues[0].message}` }) };
  }

  /**
   * Sends: `undefined` from the call is no answer (network); an `ApiError` becomes the message of
   * its field (when the form has that field) or the alert's. A call that sends several forms (a
   * list of sub-forms, sent in turn) names in `among` the forms a refusal may be about, in order,
   * at the time it comes: the first that has the field takes the message; else this form's alert.
   */
  async send<T>(call: () => Promise<T | undefined>, among: () => readonly FormState<Record<string, unknown>>[] = () => [this]): Promise<Outcome<T>> {
    if (this.sending) return { ok: false, focus: undefined };
    this.sending = true;
    this.problem = null;
    try {
      const value = await call();
      return runInAction(() => {
        if (value === undefined) return { ok: false as const, focus: this.fail(this.noAnswer) };
        this.errors = [];
        return { ok: true as const, value };
      });
    } catch (error) {
      return runInAction(() => ({ ok: false as const, focus: this.refuse(error, among()) }));
    } finally {
      runInAction(() => {
        this.sending = false;
      });
    }
  }

  /** The whole flow: check with `schema`, then send its output. */
  async submit<S extends v.GenericSchema, T>(schema: S, call: (input: v.InferOutput<S>) => Promise<T | undefined>): Promise<Outcome<T>> {
    if (this.sending) return { ok: false, focus: undefined };
    const checked = this.check(schema);
    if (!checked.ok) return checked;
    return this.send(() => call(checked.value));
  }

  /** Shows a message that is not about one field. */
  fail(message: FormMessage): FocusTarget {
    this.problem = message;
    return ALERT;
  }

  /** Shows a message under a field (a check the schema cannot make, or the server's). */
  failField(field: keyof F & string, message: FormMessage): FocusTarget {
    this.errors = [...this.errors.filter((error) => error.field !== field), { ...message, field }];
    return field;
  }

  /**
   * A refusal about one of this form's fields takes that field's message (the field is answered);
   * any other changes nothing (undefined).
   */
  claim(error: unknown): FocusTarget | undefined {
    if (!(error instanceof ApiError)) return undefined;
    const field = this.fieldOf((error.status === 400 ? error.field : undefined) ?? (error.code ? this.codeFields[error.code] : undefined));
    if (!field || !Object.hasOwn(this.values, field)) return undefined;
    this.errors = [{ ...refusal(error), field }];
    return field;
  }

  /**
   * Shows why a call failed: a refusal about a field of `among` (this form by default) on it, any
   * other on the alert, no answer as the form's own message.
   */
  refuse(error: unknown, among: readonly FormState<Record<string, unknown>>[] = [this]): FocusTarget {
    if (!(error instanceof ApiError)) return this.fail(this.noAnswer);
    for (const form of among) {
      const field = form.claim(error);
      if (field) return field;
    }
    return this.fail(refusal(error));
  }

  /** A path of the request (`comprador.email`) as this form's field (`email`). */
  private fieldOf(path: string | undefined): string | undefined {
    const prefix = this.prefix === undefined ? undefined : `${this.prefix}.`;
    return prefix && path?.startsWith(prefix) ? path.slice(prefix.length) : path;
  }
}

/** The server's message of a refusal: its code's text in the current language, else its own text. */
const refusal = (error: ApiError): FormMessage => ({ key: error.code ? `validation:${error.code}` : undefined, text: error.message });

/** Moves focus to a field of a form by its name (a radio group: its checked radio, or its first). */
export function focusField(form: HTMLFormElement | null, field: string): void {
  const item = form?.elements.namedItem(field);
  if (!item) return;
  if (item instanceof RadioNodeList) {
    const radios = Array.from(item) as HTMLInputElement[];
    (radios.find((radio) => radio.checked) ?? radios[0])?.focus();
    return;
  }
  (item as HTMLElement).focus?.();
}

/**
 * Moves focus after a submit, once the messages are drawn: to the alert, or to a field. Answers
 * the function the form calls with where to go (nothing: the focus stays).
 */
export function useFocusAfterSubmit(formRef: RefObject<HTMLFormElement | null>, alertRef: RefObject<HTMLElement | null>) {
  const [request, setRequest] = useState<{ target: FocusTarget } | null>(null);
  useEffect(() => {
    if (!request) return;
    if (request.target === ALERT) alertRef.current?.focus();
    else focusField(formRef.current, request.target);
  }, [request, formRef, alertRef]);
  // One function for the form's life: an effect may call it without listing it again.
  return useCallback((target: FocusTarget | undefined) => {
    if (target) setRequest({ target });
  }, []);
}

/** DOM ids of a field's parts in form `form`, so the error summary, the label and the messages link up. */
export function fieldIds(form: string, field: string) {
  const control = `${form}-${field}`;
  return { control, hint: `${control}-hint`, error: `${control}-error` };
}

/**
 * Marks the form `data-live` once React has it (hydrated or drawn; an effect runs only then, also
 * inside a part that hydrates after the rest, its code a chunk of its own): what a customer typed
 * or sent in a server-rendered page's form before is handed over to it then (shell/src/early-input.ts).
 * Every form of a server-rendered first screen has it (through `useFormSubmit`, or directly).
 */
export function useLiveForm(formRef: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    formRef.current?.setAttribute(PAINT.live, '');
  }, [formRef]);
}

/**
 * A form element's submit: runs `submit` (the store's flow: check, send) and moves the focus where
 * it answers. Gives the refs for the form and its alert, and `focus` for a step outside the submit
 * (a link of the error summary, a second button).
 */
export function useFormSubmit(submit: () => Promise<FocusTarget | undefined>) {
  const formRef = useRef<HTMLFormElement>(null);
  useLiveForm(formRef);
  const alertRef = useRef<HTMLDivElement>(null);
  const focus = useFocusAfterSubmit(formRef, alertRef);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    focus(await submit());
  };
  return { formRef, alertRef, focus, onSubmit };
}
