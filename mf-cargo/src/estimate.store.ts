import { CargoEstimateSchema } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import * as v from 'valibot';
import { estimateCargo, type CargoEstimate } from './cargo.resource';
import { firstIssues, fromError, type FormMessage } from '@rumbo/shared';

export type EstimateField = 'origen' | 'destino' | 'peso';

/** The price estimate form of `/cargo`: origin, destination, weight → the API's price. */
export class EstimateStore {
  values: Record<EstimateField, string> = { origen: 'LIM', destino: '', peso: '' };
  errors: Partial<Record<EstimateField, FormMessage>> = {};
  formError: FormMessage | undefined = undefined;
  loading = false;
  result: CargoEstimate | undefined = undefined;

  constructor(private readonly estimate = estimateCargo) {
    makeAutoObservable(this);
  }

  set(field: EstimateField, value: string) {
    this.values[field] = value;
    delete this.errors[field];
    this.result = undefined;
  }

  async submit(): Promise<void> {
    this.formError = undefined;
    const parsed = v.safeParse(CargoEstimateSchema, this.values);
    if (!parsed.success) {
      this.errors = firstIssues(parsed.issues);
      return;
    }
    this.errors = {};
    this.loading = true;
    try {
      const result = await this.estimate(this.values.origen, this.values.destino, this.values.peso);
      runInAction(() => {
        this.result = result;
        if (!result) this.formError = { key: 'request.failed' };
      });
    } catch (error) {
      runInAction(() => {
        const { field, message } = fromError(error);
        if (field === 'origen' || field === 'destino' || field === 'peso') this.errors[field] = message;
        else this.formError = message;
      });
    } finally {
      runInAction(() => {
        this.loading = false;
      });
    }
  }
}
