import { TrackingQuerySchema } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import * as v from 'valibot';
import { trackShipment, type Tracking } from './cargo.resource';
import { firstIssues, fromError, type FormMessage } from '@rumbo/shared';

export type TrackingField = 'codigo' | 'documento';

/**
 * The tracking form: the code (and the receiver's document number once the shipment asks for
 * it), checked with the shared schema before asking the API; the answer or the failure.
 */
export class TrackingStore {
  values: Record<TrackingField, string> = { codigo: '', documento: '' };
  errors: Partial<Record<TrackingField, FormMessage>> = {};
  /** A failure that is not about one field (network, server). */
  formError: FormMessage | undefined = undefined;
  /** The shipment asked for the receiver's document: the field is shown. */
  askDocument = false;
  loading = false;
  result: Tracking | undefined = undefined;
  /** The field to move focus to after a failed search. */
  focus: TrackingField | undefined = undefined;

  constructor(private readonly track = trackShipment) {
    makeAutoObservable(this);
  }

  /** The field to focus now, once. */
  takeFocus(): TrackingField | undefined {
    const field = this.focus;
    this.focus = undefined;
    return field;
  }

  set(field: TrackingField, value: string) {
    this.values[field] = value;
    delete this.errors[field];
  }

  async search(): Promise<void> {
    this.formError = undefined;
    const parsed = v.safeParse(TrackingQuerySchema, this.values);
    if (!parsed.success) {
      this.errors = firstIssues(parsed.issues);
      this.focus = this.errors.codigo ? 'codigo' : 'documento';
      return;
    }
    this.errors = {};
    this.loading = true;
    try {
      const result = await this.track(parsed.output.codigo, parsed.output.documento);
      runInAction(() => {
        this.result = result;
        if (!result) this.formError = { key: 'request.failed' };
      });
    } catch (error) {
      runInAction(() => {
        this.result = undefined;
        const { field, message } = fromError(error);
        if (field === 'documento') this.askDocument = true;
        if (field === 'codigo' || field === 'documento') {
          this.errors[field] = message;
          this.focus = field;
        } else if (message.key === 'cargo.codigo.notFound') {
          this.errors.codigo = message;
          this.focus = 'codigo';
        } else {
          this.formError = message;
        }
      });
    } finally {
      runInAction(() => {
        this.loading = false;
      });
    }
  }
}
