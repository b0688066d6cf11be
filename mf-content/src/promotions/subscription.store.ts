import { FormState, type FormMessage } from '@rumbo/shared';
import { SubscriptionSchema } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import { subscribe } from '../content.resource';

/** The promotions subscription form: one e-mail, checked with the shared schema, then the API. */
export class SubscriptionStore {
  readonly form = new FormState({ correo: '' });
  /** The address the confirmation mail went to. */
  sentTo: string | undefined = undefined;

  constructor(private readonly send = subscribe) {
    makeAutoObservable<SubscriptionStore, 'send'>(this, { form: false, send: false });
  }

  /** The form's one message, under its one field: the address's, or why nothing was sent. */
  get error(): FormMessage | undefined {
    return this.form.fieldError('correo') ?? this.form.problem ?? undefined;
  }

  set(value: string) {
    this.form.set('correo', value);
    this.form.problem = null;
  }

  async submit(): Promise<boolean> {
    const sent = await this.form.submit(SubscriptionSchema, ({ correo }) => this.send(correo));
    return runInAction(() => {
      if (!sent.ok) return false;
      this.sentTo = sent.value.correo;
      this.form.set('correo', '');
      return true;
    });
  }
}
