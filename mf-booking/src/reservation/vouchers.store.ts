import { FormState, type FormMessage } from '@rumbo/shared';
import { FacturaRequestSchema, type PurchaseVouchers } from '@rumbo/shared/schemas';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { purchaseKeyOf } from '../reservation';
import * as sales from '../sales.resource';

export interface VouchersDeps {
  api: Pick<typeof sales, 'fetchVouchers' | 'voucherPdf' | 'voucherXml' | 'requestFactura'>;
  storage: Storage;
  save: (file: Blob, name: string) => void;
}

/**
 * Issue 34: a paid purchase's electronic vouchers on the reservation page: the list, the printed
 * copy (PDF) and the XML to download, and a factura in place of the boleta while the rules allow
 * it (the API says until when), asked for with the purchase's code and key.
 */
export class VouchersStore {
  list: PurchaseVouchers | undefined = undefined;
  readonly download = new FormState({});
  readonly factura = new FormState({ ruc: '', razon_social: '' });
  /** The factura was issued just now. */
  issued = false;
  private readonly deps: VouchersDeps;

  constructor(
    readonly codigo: string,
    deps: VouchersDeps,
  ) {
    this.deps = deps;
    makeAutoObservable<VouchersStore, 'deps'>(this, { deps: false, codigo: false, download: false, factura: false, list: observableRef });
  }

  private get clave(): string | undefined {
    return purchaseKeyOf(this.codigo, this.deps.storage);
  }

  async load(): Promise<void> {
    const clave = this.clave;
    if (!clave) return;
    // The vouchers are a part of the page: without an answer the page goes on without them.
    let list: PurchaseVouchers | undefined;
    try {
      list = await this.deps.api.fetchVouchers(this.codigo, clave);
    } catch {
      list = undefined;
    }
    runInAction(() => (this.list = list));
  }

  /** Issue 44: a voucher is numbered with the sale and signed within seconds; until then it is 'emitiendo'. */
  get issuing(): boolean {
    return this.list?.comprobantes.some((v) => v.estado === 'emitiendo') ?? false;
  }

  /** Nothing signed yet: no printed copy to download. */
  get nothingSigned(): boolean {
    return this.list?.comprobantes.every((v) => v.estado === 'emitiendo') ?? true;
  }

  /** The valid sale voucher (factura or boleta) the XML download gives. */
  get current() {
    return this.list?.comprobantes.filter((v) => v.tipo !== '07' && v.vigencia === 'vigente').at(-1);
  }

  get downloadError(): FormMessage | undefined {
    return this.download.problem ?? undefined;
  }

  async save(format: 'pdf' | 'xml'): Promise<void> {
    const clave = this.clave;
    if (!clave) return;
    const sent = await this.download.send(() => (format === 'pdf' ? this.deps.api.voucherPdf(this.codigo, clave) : this.deps.api.voucherXml(this.codigo, clave)));
    if (sent.ok) this.deps.save(sent.value, format === 'pdf' ? `comprobantes-${this.codigo}.pdf` : `${this.current?.numero ?? this.codigo}.xml`);
  }

  async askFactura(): Promise<boolean> {
    const clave = this.clave;
    if (!clave) return false;
    this.issued = false;
    const checked = this.factura.check(FacturaRequestSchema, { codigo: this.codigo, clave_bloqueo: clave, ...this.factura.values });
    if (!checked.ok) return false;
    const sent = await this.factura.send(() => this.deps.api.requestFactura(checked.value));
    if (!sent.ok) return false;
    runInAction(() => {
      this.list = sent.value;
      this.issued = true;
    });
    return true;
  }
}
