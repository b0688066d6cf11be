import { api, FormState, session, type FocusTarget } from '@rumbo/shared';
import { waitlistEndpoints } from '@rumbo/shared/contract';
import { WaitlistJoinSchema, type Trip, type WaitlistJoin, type WaitlistPlace, type WaitlistPlaceView } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';

export interface WaitlistDeps {
  join: (body: WaitlistJoin) => Promise<WaitlistPlaceView | undefined>;
  leave: (place: WaitlistPlace) => Promise<WaitlistPlaceView | undefined>;
  /** Whether a customer is signed in (the account's e-mail is told then). */
  signedIn: () => boolean;
}

const apiDeps: WaitlistDeps = {
  join: (body) => api.call(waitlistEndpoints.waitlistJoin, body),
  leave: (place) => api.call(waitlistEndpoints.waitlistLeave, place),
  signedIn: () => session.isSignedIn,
};

type Fields = { asientos: string; email: string };

/**
 * Issue 48: "Agotado" on step 1 offers the trip's waitlist: how many seats (the search's
 * passengers by default) and, for a guest, the e-mail to tell. Checked with the API's own schema
 * (`WaitlistJoinSchema`) before it is sent; once joined, the place (its position) and "Leave".
 */
export class WaitlistStore {
  open = false;
  readonly form: FormState<Fields>;
  place: WaitlistPlaceView | undefined = undefined;
  private readonly deps: WaitlistDeps;

  constructor(
    private readonly trip: Pick<Trip, 'cviaje' | 'cterminal_origen' | 'cterminal_destino'>,
    seats: number,
    deps: Partial<WaitlistDeps> = {},
  ) {
    this.deps = { ...apiDeps, ...deps };
    this.form = new FormState<Fields>({ asientos: String(seats), email: '' });
    makeAutoObservable<WaitlistStore, 'deps' | 'trip'>(this, { deps: false, trip: false, form: false });
  }

  get signedIn(): boolean {
    return this.deps.signedIn();
  }

  toggle(): void {
    this.open = !this.open;
  }

  /** Joins; where the focus goes (a field, the alert, or nothing once joined). */
  async join(language: string): Promise<FocusTarget | undefined> {
    const email = this.form.values.email.trim();
    const body = {
      cviaje: this.trip.cviaje,
      cterminal_origen: this.trip.cterminal_origen,
      cterminal_destino: this.trip.cterminal_destino,
      asientos: Number(this.form.values.asientos),
      ...(email || !this.signedIn ? { email } : {}),
      idioma: language === 'en-EN' ? ('en-EN' as const) : ('es-PE' as const),
    };
    const checked = this.form.check(WaitlistJoinSchema, body);
    if (!checked.ok) return checked.focus;
    const sent = await this.form.send(() => this.deps.join(checked.value));
    if (!sent.ok) return sent.focus;
    runInAction(() => (this.place = sent.value));
    return undefined;
  }

  /** Leaves the list (the place's own token proves it). */
  async leave(): Promise<void> {
    const place = this.place;
    if (!place) return;
    const sent = await this.form.send(() => this.deps.leave({ cespera: place.cespera, token: place.token }));
    if (sent.ok) runInAction(() => (this.place = sent.value));
  }
}
