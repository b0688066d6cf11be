import { FormState, type FocusTarget } from '@rumbo/shared';
import { CargoEstimateSchema } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import { estimateCargo, type CargoEstimate } from './cargo.resource';

export type EstimateField = 'origen' | 'destino' | 'peso';

/** The price estimate form of `/cargo`: origin, destination, weight → the API's price. */
export class EstimateStore {
  readonly form = new FormState<Record<EstimateField, string>>({ origen: 'LIM', destino: '', peso: '' });
  result: CargoEstimate | undefined = undefined;

  constructor(private readonly estimate = estimateCargo) {
    makeAutoObservable<EstimateStore, 'estimate'>(this, { form: false, estimate: false });
  }

  set(field: EstimateField, value: string) {
    this.form.set(field, value);
    this.result = undefined;
  }

  /** Asks for the price; where the focus goes when there is none (a field, or the alert). */
  async submit(): Promise<FocusTarget | undefined> {
    const { origen, destino, peso } = this.form.values;
    const answer = await this.form.submit(CargoEstimateSchema, () => this.estimate(origen, destino, peso));
    return runInAction(() => {
      this.result = answer.ok ? answer.value : undefined;
      return answer.ok ? undefined : answer.focus;
    });
  }
}
