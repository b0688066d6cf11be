import { api, FormState, session, type FocusTarget } from '@rumbo/shared';
import { priceAlertsEndpoints } from '@rumbo/shared/contract';
import { CONSENT_TEXT_VERSION, PriceAlertSchema, type ConsentChannel, type PriceAlert, type PriceAlertRequest } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';

export interface PriceAlertDeps {
  create: (body: PriceAlertRequest) => Promise<PriceAlert | undefined>;
  /** Whether a customer is signed in (alerts belong to an account: its consents). */
  signedIn: () => boolean;
}

const apiDeps: PriceAlertDeps = {
  create: (body) => api.call(priceAlertsEndpoints.priceAlertCreate, body),
  signedIn: () => session.isSignedIn,
};

export type PriceAlertFields = { tope: string; desde: string; hasta: string; canales: ConsentChannel[] };

/**
 * Issue 48 item 3, step 1's "Tell me when it gets cheaper": the searched route, an optional range of
 * days, the sum, and the channels (each one ticked gives the consent of purpose `alertas_precio` by
 * it: the form shows the text and its version). Checked with the API's own schema
 * (`PriceAlertSchema`) before it is sent.
 */
export class PriceAlertStore {
  open = false;
  readonly form = new FormState<PriceAlertFields>({ tope: '', desde: '', hasta: '', canales: [] });
  created: PriceAlert | undefined = undefined;
  private readonly deps: PriceAlertDeps;

  constructor(
    private readonly route: { origen: string; destino: string },
    deps: Partial<PriceAlertDeps> = {},
  ) {
    this.deps = { ...apiDeps, ...deps };
    makeAutoObservable<PriceAlertStore, 'deps' | 'route'>(this, { deps: false, route: false, form: false });
  }

  get signedIn(): boolean {
    return this.deps.signedIn();
  }

  toggle(): void {
    this.open = !this.open;
  }

  /** Ticks or unticks one channel (none is ticked at first). */
  setChannel(canal: ConsentChannel, ticked: boolean): void {
    const others = this.form.values.canales.filter((item) => item !== canal);
    this.form.set('canales', ticked ? [...others, canal] : others);
  }

  /** Creates the alert; where the focus goes (a field, the alert, or nothing once created). */
  async create(): Promise<FocusTarget | undefined> {
    const { tope, desde, hasta, canales } = this.form.values;
    const body = {
      origen: this.route.origen,
      destino: this.route.destino,
      ...(desde ? { desde } : {}),
      ...(hasta ? { hasta } : {}),
      tope: tope.trim() === '' ? Number.NaN : Number(tope.trim().replace(',', '.')),
      canales,
      version: CONSENT_TEXT_VERSION,
    };
    const checked = this.form.check(PriceAlertSchema, body);
    if (!checked.ok) return checked.focus;
    const sent = await this.form.send(() => this.deps.create(checked.value));
    if (!sent.ok) return sent.focus;
    runInAction(() => (this.created = sent.value));
    return undefined;
  }
}
