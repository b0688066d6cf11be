import { FormState, type FormMessage } from '@rumbo/shared';
import { ReservationLookupSchema, type PurchaseData } from '@rumbo/shared/schemas';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { purchaseKeyOf } from '../reservation';
import type * as sales from '../sales.resource';

export interface PurchaseDataDeps {
  api: Pick<typeof sales, 'purchaseData' | 'erasePurchase'>;
  storage: Storage;
  save: (file: Blob, name: string) => void;
}

/**
 * Issue 47: a guest's data in one purchase, on its page, by the purchase's key (or the recovery
 * mail's): the download of its records, and erasing a past purchase's personal data after the
 * guest has read what goes and what stays and confirmed.
 */
export class PurchaseDataStore {
  data: PurchaseData | undefined = undefined;
  /** The guest asked to erase: what goes and what stays is shown, waiting for the confirmation. */
  confirming = false;
  /** Erased just now. */
  erased = false;
  readonly form = new FormState({});
  private readonly deps: PurchaseDataDeps;

  constructor(
    readonly codigo: string,
    deps: PurchaseDataDeps,
    private readonly onErased: () => void = () => undefined,
  ) {
    this.deps = deps;
    makeAutoObservable<PurchaseDataStore, 'deps' | 'onErased'>(this, { deps: false, onErased: false, codigo: false, form: false, data: observableRef });
  }

  private get clave(): string | undefined {
    return purchaseKeyOf(this.codigo, this.deps.storage);
  }

  async load(): Promise<void> {
    const clave = this.clave;
    if (!clave) return;
    let data: PurchaseData | undefined;
    try {
      data = await this.deps.api.purchaseData(this.codigo, clave);
    } catch {
      // A part of the page: without an answer the page goes on without it.
      data = undefined;
    }
    runInAction(() => (this.data = data));
  }

  /** The purchase's records as a JSON file. */
  download(): void {
    if (!this.data) return;
    this.deps.save(new Blob([JSON.stringify(this.data, null, 2)], { type: 'application/json' }), `datos-compra-${this.codigo}.json`);
  }

  askErase(): void {
    this.confirming = true;
    this.erased = false;
  }

  cancel(): void {
    this.confirming = false;
    this.form.problem = null;
  }

  get problem(): FormMessage | undefined {
    return this.form.problem ?? undefined;
  }

  async erase(): Promise<boolean> {
    const checked = this.form.checkAlert(ReservationLookupSchema, { codigo: this.codigo, clave_bloqueo: this.clave });
    if (!checked.ok) return false;
    const sent = await this.form.send(() => this.deps.api.erasePurchase(checked.value));
    if (!sent.ok) return false;
    runInAction(() => {
      this.confirming = false;
      this.erased = true;
    });
    await this.load();
    this.onErased();
    return true;
  }
}
