import { FormState, type FocusTarget } from '@rumbo/shared';
import { TrackingQuerySchema } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import { trackShipment, type Tracking } from './cargo.resource';

export type TrackingField = 'codigo' | 'documento';

/**
 * The tracking form: the code (and the receiver's document number once the shipment asks for
 * it), checked with the shared schema before asking the API; the answer or the failure.
 */
export class TrackingStore {
  readonly form = new FormState<Record<TrackingField, string>>({ codigo: '', documento: '' }, { codeFields: { 'cargo.codigo.notFound': 'codigo' } });
  /** The shipment asked for the receiver's document: the field is shown. */
  askDocument = false;
  result: Tracking | undefined = undefined;
  constructor(private readonly track = trackShipment) {
    makeAutoObservable<TrackingStore, 'track'>(this, { form: false, track: false });
  }

  set(field: TrackingField, value: string) {
    this.form.set(field, value);
  }

  /** Searches; where the focus goes when nothing was found (a field, or the alert). */
  async search(): Promise<FocusTarget | undefined> {
    const found = await this.form.submit(TrackingQuerySchema, ({ codigo, documento }) => this.track(codigo, documento));
    return runInAction(() => {
      this.result = found.ok ? found.value : undefined;
      if (found.ok) return undefined;
      if (this.form.fieldError('documento')) this.askDocument = true;
      return found.focus;
    });
  }
}
