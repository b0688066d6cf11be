import { ApiError, firstIssues, fromError, type Customer, type FormMessage } from '@rumbo/shared';
import { DocumentSchema, DOCUMENT_TYPE, PassengerSchema, birthDate, isMinorOn, type Passenger, type PersonOnFile } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import * as v from 'valibot';
import type { DocumentRef, PersonFound } from '../sales.resource';

export const PASSENGER_FIELDS = ['ctipo_documento', 'numero', 'nombres', 'paterno', 'materno', 'email', 'celular', 'genero', 'nacimiento'] as const;
export type PassengerField = (typeof PASSENGER_FIELDS)[number];
export type PassengerValues = Record<PassengerField, string>;

export const RELATIONSHIPS = ['padre', 'madre', 'tutor', 'familiar', 'otro'] as const;

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
 * the birth date is then asked, and `obtener` fills the rest.
 */
export type Lookup =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'known'; nombres: string; nacimiento: string; error?: FormMessage; loading?: boolean }
  | { state: 'filled'; nombres: string };

/**
 * One passenger of step 3 (the seats they take: one per leg), checked with the shared
 * `PassengerSchema`; a minor at departure names a responsible adult among the other passengers.
 */
export class PassengerForm {
  values: PassengerValues = { ...BLANK };
  errors: Partial<Record<PassengerField | 'responsable' | 'parentesco', FormMessage>> = {};
  lookup: Lookup = { state: 'idle' };
  /** Index of the responsible adult among the purchase's passengers (a minor's), '' when none. */
  responsable = '';
  parentesco = '';
  private searched = '';

  constructor(
    readonly index: number,
    private readonly api: PersonLookupApi,
  ) {
    makeAutoObservable<PassengerForm, 'api' | 'searched'>(this, { index: false, api: false, searched: false });
  }

  set(field: PassengerField, value: string): void {
    this.values[field] = value;
    delete this.errors[field];
    if (field === 'ctipo_documento' || field === 'numero') {
      if (this.lookup.state !== 'idle') this.lookup = { state: 'idle' };
    }
  }

  setGuardian(field: 'responsable' | 'parentesco', value: string): void {
    this[field] = value;
    delete this.errors[field];
    if (field === 'responsable') delete this.errors.parentesco;
  }

  /** Fills the passenger with the signed-in customer's data. */
  fillFrom(customer: Customer): void {
    const tipo = Number(customer.documentType);
    this.values = {
      ctipo_documento: [DOCUMENT_TYPE.dni, DOCUMENT_TYPE.ce, DOCUMENT_TYPE.pasaporte].includes(tipo as 19) ? String(tipo) : this.values.ctipo_documento,
      numero: customer.documentNumber,
      nombres: customer.name,
      paterno: customer.firstLastName,
      materno: customer.secondLastName,
      email: customer.email,
      celular: customer.phone,
      genero: customer.gender === 'M' || customer.gender === 'F' ? customer.gender : '',
      nacimiento: customer.birthDate.slice(0, 10),
    };
    this.errors = {};
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
      this.lookup = found?.encontrado ? { state: 'known', nombres: found.nombres, nacimiento: '' } : { state: 'idle' };
    });
  }

  setLookupBirth(nacimiento: string): void {
    if (this.lookup.state === 'known') this.lookup = { ...this.lookup, nacimiento, error: undefined };
  }

  /** With the birth date given, fills the known passenger's data (`/rest/persona/obtener`). */
  async fill(): Promise<boolean> {
    const lookup = this.lookup;
    const documento = this.document;
    if (lookup.state !== 'known' || !documento) return false;
    const parsed = v.safeParse(birthDate, lookup.nacimiento);
    if (!parsed.success) {
      this.lookup = { ...lookup, error: { key: parsed.issues[0].message } };
      return false;
    }
    this.lookup = { ...lookup, loading: true, error: undefined };
    try {
      const person = await this.api.get(documento, parsed.output);
      return runInAction(() => {
        if (!person) {
          this.lookup = { ...lookup, loading: false, error: { key: 'request.failed' } };
          return false;
        }
        // The record on file fills the identity; the contact data (not handed out) stay as typed.
        const onFile: Partial<Record<(typeof PASSENGER_FIELDS)[number], unknown>> = person;
        for (const field of PASSENGER_FIELDS) {
          if (onFile[field] !== undefined) this.values[field] = String(onFile[field]);
        }
        this.errors = {};
        this.lookup = { state: 'filled', nombres: person.nombres };
        return true;
      });
    } catch (error) {
      runInAction(() => {
        this.lookup = { ...lookup, loading: false, error: error instanceof ApiError && error.status === 404 ? { key: 'sale.persona.noEncontrada' } : fromError(error).message };
      });
      return false;
    }
  }

  /** Checks the passenger with the shared schema; the parsed passenger, or undefined (messages set). */
  check(): Passenger | undefined {
    const parsed = v.safeParse(PassengerSchema, { ...this.values, ctipo_documento: Number(this.values.ctipo_documento) });
    if (parsed.success) {
      for (const field of PASSENGER_FIELDS) delete this.errors[field];
      return parsed.output;
    }
    const issues = firstIssues(parsed.issues);
    for (const field of PASSENGER_FIELDS) {
      if (issues[field]) this.errors[field] = issues[field];
      else delete this.errors[field];
    }
    return undefined;
  }

  /** A message from the server about one of this passenger's fields. */
  refuse(field: string, message: FormMessage): boolean {
    const name = field.replace(/^pasajero\./, '');
    if (!(PASSENGER_FIELDS as readonly string[]).includes(name)) return false;
    this.errors[name as PassengerField] = message;
    return true;
  }
}
