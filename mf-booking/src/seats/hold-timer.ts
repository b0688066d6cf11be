import { ApiError, api, type HeldSeat } from '@rumbo/shared';
import { seatsEndpoints } from '@rumbo/shared/contract';
import { HOLD_EXTENSIONS, HOLD_WARNING_SECONDS, HoldExtensionSchema, type HoldExtension } from '@rumbo/shared/schemas';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import * as v from 'valibot';
import { holdsExpireAt, secondsUntil } from '../reservation';

/**
 * A message of the hold's clock, as the seat map's: `key` in the `booking` namespace (or
 * `validation:` for the server's codes), `text` the server's own words for a code we do not know.
 */
export interface HoldMessage {
  tone: 'error' | 'info' | 'warning';
  key: string;
  params?: Record<string, string | number>;
  text?: string;
}

/** `endpoints.holdExtension`, its body checked with the server's own schema first. */
export function requestExtension(clave_bloqueo: string): Promise<HoldExtension | undefined> {
  return api.call(seatsEndpoints.holdExtension, v.parse(HoldExtensionSchema, { clave_bloqueo }));
}

/**
 * Extensions the API still allows, per purchase key, as it last said: kept for the tab while the
 * remote is loaded, so step 3 knows what step 2 used (a reload forgets it; the API still refuses).
 */
const remainingByKey = observable.map<string, number>();

/** What a page gives the clock: its holds (from `ASIENTOS`), their key, its clock, and where it announces. */
export interface HoldHost {
  readonly held: readonly HeldSeat[];
  readonly clave: string | undefined;
  readonly now: number;
  /** The holds with their new end, to keep (and write to `ASIENTOS`). */
  replaceHeld(seats: HeldSeat[]): void;
  /** Tells the customer, in the page's live region. */
  announce(message: HoldMessage): void;
}

/**
 * The purchase's time to finish (WCAG 2.2.1), steps 2 and 3: the seconds left on the holds, a
 * warning HOLD_WARNING_SECONDS before they end (announced once per end, not only shown), and the
 * extension the customer asks for (the API allows HOLD_EXTENSIONS, under a cap).
 */
export class HoldTimer {
  extending = false;
  /** The end (ms) the customer was last warned of (or told of by an extension). */
  private warnedOf: number | undefined = undefined;

  constructor(
    private readonly host: HoldHost,
    private readonly extendRequest: (clave: string) => Promise<HoldExtension | undefined> = requestExtension,
  ) {
    makeAutoObservable<HoldTimer, 'host' | 'extendRequest'>(this, { host: false, extendRequest: false });
  }

  get expiresAt(): number | undefined {
    return holdsExpireAt(this.host.held);
  }

  get secondsLeft(): number | undefined {
    return secondsUntil(this.expiresAt, this.host.now);
  }

  /** The holds end within HOLD_WARNING_SECONDS (and have not ended). */
  get warning(): boolean {
    const left = this.secondsLeft;
    return left !== undefined && left > 0 && left <= HOLD_WARNING_SECONDS;
  }

  /** Extensions the API still allows for this purchase: what it last said (HOLD_EXTENSIONS until it said anything). */
  get remaining(): number {
    const clave = this.host.clave;
    return (clave === undefined ? undefined : remainingByKey.get(clave)) ?? HOLD_EXTENSIONS;
  }

  private setRemaining(clave: string, remaining: number): void {
    remainingByKey.set(clave, remaining);
  }

  get canExtend(): boolean {
    return this.remaining > 0 && Boolean(this.host.clave);
  }

  /** The page's clock ticked: warns once when the holds come within the warning time of their end. */
  check(): void {
    const at = this.expiresAt;
    if (!this.warning || at === undefined || this.warnedOf === at) return;
    this.warnedOf = at;
    const minutes = Math.ceil((this.secondsLeft ?? 0) / 60);
    this.host.announce({
      tone: 'warning',
      key: this.canExtend ? 'hold.warning' : 'hold.warningLast',
      params: { count: minutes },
    });
  }

  /** "More time": every hold of the purchase gets HOLD_MINUTES from now (as the API allows). */
  async extend(): Promise<void> {
    const clave = this.host.clave;
    if (!clave || this.extending) return;
    this.extending = true;
    try {
      const answer = await this.extendRequest(clave);
      runInAction(() => {
        if (!answer) {
          this.host.announce({ tone: 'error', key: 'seats.network' });
          return;
        }
        const until = Date.parse(answer.expira);
        this.host.replaceHeld(this.host.held.map((seat) => (Date.parse(seat.expira) < until ? { ...seat, expira: answer.expira } : seat)));
        this.setRemaining(clave, answer.prorrogas_restantes);
        const left = secondsUntil(until, this.host.now) ?? 0;
        this.host.announce({ tone: 'info', key: 'hold.extended', params: { count: Math.ceil(left / 60), remaining: this.remaining } });
      });
    } catch (error) {
      runInAction(() => {
        if (error instanceof ApiError && error.code) {
          if (error.code === 'hold.extensionLimit') this.setRemaining(clave, 0);
          this.host.announce({ tone: 'error', key: `validation:${error.code}`, text: error.message });
        } else {
          this.host.announce({ tone: 'error', key: 'seats.network' });
        }
      });
    } finally {
      runInAction(() => {
        this.extending = false;
        // The answer told the customer where they stand: no warning of this same end right after
        // it (at the cap, or refused, the end may be within the warning time).
        if (this.warning) this.warnedOf = this.expiresAt;
      });
    }
  }
}
