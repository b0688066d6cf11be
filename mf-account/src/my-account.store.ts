import { FormState, type FocusTarget } from '@rumbo/shared';
import { ProfileSchema, type AccountCustomer, type AccountPoints, type AccountProfile, type AccountTrips, type Credit, type PointsRules } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import * as resource from './account.resource';
import { ACCOUNT_FORM } from './account-form';
import { BLANK_IDENTITY } from './identity-fields';

export type LoadState = 'loading' | 'ready' | 'failed';

/** A value fetched from `/rest`: loading, ready, or failed with a retry. */
export class Loadable<T> {
  state: LoadState = 'loading';
  value: T | null = null;

  constructor(private readonly fetch: () => Promise<T | undefined>) {
    makeAutoObservable<Loadable<T>, 'fetch'>(this, { fetch: false });
  }

  async load(): Promise<void> {
    this.state = 'loading';
    const value = await this.fetch().catch(() => undefined);
    runInAction(() => {
      this.value = value ?? null;
      this.state = value ? 'ready' : 'failed';
    });
  }
}

export interface ProfileDeps {
  /** The profile the page was rendered with on the server, if any: the form starts from it, nothing asked. */
  initial?: AccountProfile;
  fetchProfile: () => Promise<AccountProfile | undefined>;
  saveProfile: typeof resource.saveProfile;
  /** The saved customer data, for the shared session (the header's first name). */
  onSaved: (data: AccountCustomer) => void;
}

/** `/micuenta`: the profile form (`profile`, saved with `userData`). */
export class ProfileStore {
  readonly form = new FormState({ ...BLANK_IDENTITY, correo_cc: '' }, ACCOUNT_FORM);
  correo = '';
  /** A CC address saved but not proven yet (issue 15: it receives nothing until its link is opened). */
  ccPending: string | null = null;
  private ccConfirmed: string | null = null;
  state: LoadState = 'loading';
  saved = false;
  private readonly deps: ProfileDeps;

  constructor(deps: Partial<ProfileDeps> & Pick<ProfileDeps, 'onSaved'>) {
    this.deps = { fetchProfile: resource.fetchProfile, saveProfile: resource.saveProfile, ...deps };
    makeAutoObservable<ProfileStore, 'deps' | 'ccConfirmed'>(this, { deps: false, ccConfirmed: true });
    if (deps.initial) {
      this.fill(deps.initial);
      this.state = 'ready';
    }
  }

  async load(): Promise<void> {
    this.state = 'loading';
    const profile = await this.deps.fetchProfile().catch(() => undefined);
    runInAction(() => {
      if (!profile) {
        this.state = 'failed';
        return;
      }
      this.fill(profile);
      this.state = 'ready';
    });
  }

  async save(): Promise<FocusTarget | undefined> {
    this.saved = false;
    const checked = this.form.check(ProfileSchema);
    if (!checked.ok) return checked.focus;
    const sent = await this.form.send(() => this.deps.saveProfile({ ...this.form.values }));
    if (!sent.ok) return sent.focus;
    runInAction(() => {
      this.saved = true;
      const cc = checked.value.correo_cc;
      // A new CC address gets a link to prove it; until then it is pending.
      this.ccPending = cc && cc !== this.ccConfirmed ? cc : null;
    });
    this.deps.onSaved(sent.value);
    return undefined;
  }

  private fill(profile: AccountProfile): void {
    this.correo = profile.correo;
    this.ccConfirmed = profile.correo_cc && profile.correo_cc_confirmado ? profile.correo_cc : null;
    this.ccPending = profile.correo_cc && !profile.correo_cc_confirmado ? profile.correo_cc : null;
    const values = {
      tipo_doc: String(profile.tipo_doc),
      num_doc: profile.num_doc,
      nombres: profile.nombres,
      paterno: profile.paterno,
      materno: profile.materno,
      sexo: profile.sexo,
      fnacimiento: profile.fnacimiento.slice(0, 10),
      telefono: profile.telefono,
      correo_cc: profile.correo_cc ?? '',
    };
    for (const [field, value] of Object.entries(values)) this.form.set(field as keyof typeof values, value);
  }
}

export const tripsLoader = (fetch: () => Promise<AccountTrips | undefined> = resource.fetchTrips) => new Loadable(fetch);
export const pointsLoader = (fetch: () => Promise<AccountPoints | undefined> = resource.fetchPoints) => new Loadable(fetch);
/** Issue 35: Mi saldo, the travel credit (`disruptionsEndpoints.credit`). */
export const creditLoader = (fetch: () => Promise<Credit | undefined> = resource.fetchCredit) => new Loadable(fetch);
export const pointsRulesLoader = (fetch: () => Promise<PointsRules | undefined> = resource.fetchPointsRules) => new Loadable(fetch);
