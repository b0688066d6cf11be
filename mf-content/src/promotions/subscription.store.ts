import { SubscriptionSchema } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import * as v from 'valibot';
import { subscribe } from '../content.resource';
import { firstIssues, fromError, type FormMessage } from '@rumbo/shared';

/** The promotions subscription form: one e-mail, checked with the shared schema, then the API. */
export class SubscriptionStore {
  correo = '';
  error: FormMessage | undefined = undefined;
  loading = false;
  /** The address the confirmation mail went to. */
  sentTo: string | undefined = undefined;

  constructor(private readonly send = subscribe) {
    makeAutoObservable(this);
  }

  set(value: string) {
    this.correo = value;
    this.error = undefined;
  }

  async submit(): Promise<boolean> {
    const parsed = v.safeParse(SubscriptionSchema, { correo: this.correo });
    if (!parsed.success) {
      this.error = firstIssues(parsed.issues).correo;
      return false;
    }
    this.loading = true;
    try {
      const answer = await this.send(parsed.output.correo);
      runInAction(() => {
        if (answer) {
          this.sentTo = answer.correo;
          this.correo = '';
        } else this.error = { key: 'request.failed' };
      });
      return Boolean(answer);
    } catch (error) {
      runInAction(() => {
        this.error = fromError(error).message;
      });
      return false;
    } finally {
      runInAction(() => {
        this.loading = false;
      });
    }
  }
}
