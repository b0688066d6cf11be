import { ApiError, FormState, type Customer, type FormMessage } from '@rumbo/shared';
import {
  DocumentSchema,
  DOCUMENT_TYPE,
  PassengerSchema,
  RELATIONSHIP,
  birthDate,
  isMinorOn,
  lapChildOn,
  needsNotarialAuthorization,
  type LapChild,
  type Passenger,
  type PersonOnFile,
} from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import * as v from 'valibot';
import type { DocumentRef, PersonFound } from '../sales.resource';

export const PASSENGER_FIELDS = ['ctipo_documento', 'numero', 'nombres', 'paterno', 'materno', 'email', 'celular', 'genero', 'nacimiento'] as const;
export type PassengerField = (typeof PASSENGER_FIELDS)[number];
export type PassengerValues = Record<PassengerField, string>;

export const RELATIONSHIPS = RELATIONSHIP;

const BLANK: PassengerValues = {
  ctipo_documento: String(DOCUMENT_TYPE.dni),
  numero: '',
  nombres: '',
  paterno: '',
  materno: '',
  email: '',
  celular: '',
  genero: '',
  nacimiento: '',
};

export interface PersonLookupApi {
  find: (documento: DocumentRef) => Promise<PersonFound | undefined>;
  get: (documento: DocumentRef, nacimiento: string) => Promise<PersonOnFile | undefined>;
}

/**
 * A known passenger: `buscar` says the document is known (and the given names, to greet them);
 * the birth date is then asked (`birth`), and `obtener` fills the rest.
 */
export type Lookup = { state: 'idle' } | { state: 'searching' } | { state: 'known'; nombres: string } | { state: 'filled'; nombres: string };

/**
 * A minor's responsible adult: the index of another passenger of the purchase ('' when none), the
 * relationship and (issue 34), when that adult is not a parent, the buyer's confirmation that the
 * minor carries the notarial travel authorization.
 */
export type GuardianValues = { responsable: string; parentesco: string; autorizacion_notarial: boolean };

/** Issue 34: the fields of a child under 5 on this passenger's lap (`LapChildSchema`). */
export const LAP_FIELDS = ['ctipo_documento', 'numero', 'nombres', 'paterno', 'materno', 'nacimiento', 'parentesco'] as const;
export type LapField = (typeof LAP_FIELDS)[number];
/** `infante`: whether the passenger carries a lap child (a message about the carrier lands on it). */
export type LapValues = Record<LapField, string> & { infante: boolean; autorizacion_notarial: boolean };
const LAP_BLANK: LapValues = {
  infante: false,
  ctipo_documento: String(DOCUMENT_TYPE.dni),
  numero: '',
  nombres: '',
  paterno: '',
  materno: '',
  nacimiento: '',
  parentesco: '',
  autorizacion_notarial: false,
};

/**
 * One passenger of step 3 (the seats they take: one per leg), checked with the shared
 * `PassengerSchema` (the server names its fields under `pasajero`); a minor at departure names a
 * responsible adult among the other passengers (`guardian`).
 */
export class PassengerForm {
  readonly form = new FormState<PassengerValues>(BLANK, { prefix: 'pasajero' });
  readonly guardian = new FormState<GuardianValues>({ responsable: '', parentesco: '', autorizacion_notarial: false });
  /** Issue 34: the child on the passenger's lap (the server names its fields under `infante`). */
  readonly lap = new FormState<LapValues>(LAP_BLANK, { prefix: 'infante' });
  /** The birth date a known passenger's data are asked with. */
  readonly birth = new FormState({ nacimiento: '' });
  lookup: Lookup = { state: 'idle' };
  private searched = '';

  constructor(
    readonly index: number,
    private readonly api: PersonLookupApi,
  ) {
    makeAutoObservable<PassengerForm, 'api' | 'searched'>(this, { index: false, form: false, guardian: false, lap: false, birth: false, api: false, searched: false });
  }

  get values(): PassengerValues {
    return this.form.values;
  }

  set(field: PassengerField, value: string): void {
    this.form.set(field, value);
    if (field === 'ctipo_documento' || field === 'numero') {
      if (this.lookup.state !== 'idle') this.lookup = { state: 'idle' };
    }
  }

  setGuardian<K extends keyof GuardianValues>(field: K, value: GuardianValues[K]): void {
    this.guardian.set(field, value);
    if (field === 'responsable') this.guardian.errors = this.guardian.errors.filter((error) => error.field !== 'parentesco');
  }

  /** Issue 34: whether the minor travels without a parent (the notarial authorization is asked). */
  get needsAuthorization(): boolean {
    return this.guardian.values.parentesco !== '' && needsNotarialAuthorization(this.guardian.values.parentesco);
  }

  setLap<K extends keyof LapValues>(field: K, value: LapValues[K]): void {
    this.lap.set(field, value);
  }

  /** Issue 34: whether the lap child travels without a parent (the notarial authorization is asked). */
  get lapNeedsAuthorization(): boolean {
    return this.lap.values.parentesco !== '' && needsNotarialAuthorization(this.lap.values.parentesco);
  }

  /** A message of the passenger's (a field of theirs, of their responsible adult, or `infante.*` of their lap child). */
  fieldError(field: PassengerField | keyof GuardianValues | `infante.${string}`): FormMessage | undefined {
    if (field.startsWith('infante.')) return this.lap.fieldError(field.slice('infante.'.length));
    return field === 'responsable' || field === 'parentesco' || field === 'autorizacion_notarial' ? this.guardian.fieldError(field) : this.form.fieldError(field);
  }

  /**
   * Issue 34: the lap child checked with the shared `lapChildOn` for each departure day of the
   * passenger's legs (under 5, the carrier 18 or older): `null` when none is carried, the child,
   * or undefined (messages set).
   */
  checkLap(days: string[]): LapChild | null | undefined {
    const values = this.lap.values;
    if (!values.infante) {
      this.lap.reset(values);
      return null;
    }
    const infante = {
      ctipo_documento: Number(values.ctipo_documento),
      numero: values.numero,
      nombres: values.nombres,
      paterno: values.paterno,
      materno: values.materno,
      nacimiento: values.nacimiento,
      parentesco: values.parentesco,
      ...(needsNotarialAuthorization(values.parentesco) ? { autorizacion_notarial: values.autorizacion_notarial } : {}),
    };
    let child: LapChild | undefined;
    for (const day of days) {
      const checked = this.lap.check(lapChildOn(day), { adulto: this.values.nacimiento, infante });
      if (!checked.ok) {
        // The carrier's own birth date is the passenger form's to tell; the rest is the child's.
        this.lap.errors = this.lap.errors.filter((error) => error.field !== 'adulto');
        return undefined;
      }
      child = checked.value.infante;
    }
    return child ?? null;
  }

  /** Fills the passenger with the signed-in customer's data. */
  fillFrom(customer: Customer): void {
    const tipo = Number(customer.documentType);
    this.form.reset({
      ctipo_documento: [DOCUMENT_TYPE.dni, DOCUMENT_TYPE.ce, DOCUMENT_TYPE.pasaporte].includes(tipo as 19) ? String(tipo) : this.values.ctipo_documento,
      numero: customer.documentNumber,
      nombres: customer.name,
      paterno: customer.firstLastName,
      materno: customer.secondLastName,
      email: customer.email,
      celular: customer.phone,
      genero: customer.gender === 'M' || customer.gender === 'F' ? customer.gender : '',
      nacimiento: customer.birthDate.slice(0, 10),
    });
    this.guardian.reset(this.guardian.values);
  }

  get document(): DocumentRef | undefined {
    const parsed = v.safeParse(DocumentSchema, { ctipo_documento: Number(this.values.ctipo_documento), numero: this.values.numero });
    return parsed.success ? parsed.output : undefined;
  }

  /** Whether the passenger is under 18 on `departure` (YYYY-MM-DD), when the birth date is valid. */
  minorOn(departure: string): boolean {
    const birth = this.values.nacimiento;
    return v.is(birthDate, birth) && isMinorOn(birth, departure);
  }

  get label(): string {
    const name = [this.values.nombres, this.values.paterno].map((part) => part.trim()).filter(Boolean).join(' ');
    return name;
  }

  /** Asks whether the document is known (after the number is typed), once per document. */
  async search(): Promise<void> {
    const documento = this.document;
    const key = documento ? `${documento.ctipo_documento}:${documento.numero}` : '';
    if (!documento || key === this.searched) return;
    this.searched = key;
    this.lookup = { state: 'searching' };
    let found: PersonFound | undefined;
    try {
      found = await this.api.find(documento);
    } catch {
      found = undefined;
    }
    runInAction(() => {
      const still = this.document;
      if (!still || `${still.ctipo_documento}:${still.numero}` !== key) return;
      if (found?.encontrado) this.birth.reset({ nacimiento: '' });
      this.lookup = found?.encontrado ? { state: 'known', nombres: found.nombres } : { state: 'idle' };
    });
  }

  setLookupBirth(nacimiento: string): void {
    if (this.lookup.state === 'known') this.birth.reset({ nacimiento });
  }

  /** The look-up's message: the birth date's, or the answer's. */
  get lookupError(): FormMessage | undefined {
    return this.birth.errors[0] ?? this.birth.problem ?? undefined;
  }

  /** With the birth date given, fills the known passenger's data (`salesEndpoints.personLookup`). */
  async fill(): Promise<boolean> {
    const documento = this.document;
    if (this.lookup.state !== 'known' || !documento) return false;
    const sent = await this.birth.submit(v.object({ nacimiento: birthDate }), ({ nacimiento }) =>
      // No one on file with that document and birth date: said so, whatever the 404's own words.
      this.api.get(documento, nacimiento).catch((error: unknown) => {
        throw error instanceof ApiError && error.status === 404 ? new ApiError(404, error.message, 'sale.persona.noEncontrada') : error;
      }),
    );
    if (!sent.ok) return false;
    const person = sent.value;
    return runInAction(() => {
      // The record on file fills the identity; the contact data (not handed out) stay as typed.
      const onFile: Partial<Record<(typeof PASSENGER_FIELDS)[number], unknown>> = person;
      const values = { ...this.values };
      for (const field of PASSENGER_FIELDS) {
        if (onFile[field] !== undefined) values[field] = String(onFile[field]);
      }
      this.form.reset(values);
      this.guardian.reset(this.guardian.values);
      this.lookup = { state: 'filled', nombres: person.nombres };
      return true;
    });
  }

  /** Checks the passenger with the shared schema; the parsed passenger, or undefined (messages set). */
  check(): Passenger | undefined {
    const checked = this.form.check(PassengerSchema, { ...this.values, ctipo_documento: Number(this.values.ctipo_documento) });
    return checked.ok ? checked.value : undefined;
  }
}
