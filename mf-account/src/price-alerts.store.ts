import { fromError, type FormMessage } from '@rumbo/shared';
import type { PriceAlert } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import * as resource from './account.resource';
import type { LoadState } from './my-account.store';

export interface PriceAlertsDeps {
  fetch: typeof resource.fetchPriceAlerts;
  remove: typeof resource.deletePriceAlert;
}

/** What the live region says after a delete: which alert went, or why it did not. */
export type PriceAlertsResult = { ok: true; alert: PriceAlert } | { ok: false; message: FormMessage };

/** Issue 48 item 3 in Mi cuenta → Comunicaciones: the customer's active price alerts, each deleted in one tap. */
export class PriceAlertsStore {
  state: LoadState = 'loading';
  alerts: PriceAlert[] = [];
  /** The alert being deleted. */
  deleting: number | null = null;
  result: PriceAlertsResult | null = null;
  private readonly deps: PriceAlertsDeps;

  constructor(deps: Partial<PriceAlertsDeps> = {}) {
    this.deps = { fetch: resource.fetchPriceAlerts, remove: resource.deletePriceAlert, ...deps };
    makeAutoObservable<PriceAlertsStore, 'deps'>(this, { deps: false });
  }

  async load(): Promise<void> {
    const alerts = await this.deps.fetch().catch(() => undefined);
    runInAction(() => {
      if (alerts) this.alerts = alerts;
      this.state = alerts ? 'ready' : 'failed';
    });
  }

  /** Deletes one alert (the answer is empty: the list read again says what is left). */
  async remove(alert: PriceAlert): Promise<void> {
    if (this.deleting !== null) return;
    this.deleting = alert.calerta;
    this.result = null;
    try {
      await this.deps.remove(alert.calerta);
      const alerts = await this.deps.fetch().catch(() => undefined);
      runInAction(() => {
        if (alerts) this.alerts = alerts;
        const gone = alerts !== undefined && !alerts.some((item) => item.calerta === alert.calerta);
        this.result = gone ? { ok: true, alert } : { ok: false, message: { key: 'account:errors.network' } };
      });
    } catch (error) {
      runInAction(() => {
        this.result = { ok: false, message: fromError(error).message };
      });
    } finally {
      runInAction(() => {
        this.deleting = null;
      });
    }
  }
}
