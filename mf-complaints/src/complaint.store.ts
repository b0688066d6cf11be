import { FormState, clock, type Customer, type FocusTarget } from '@rumbo/shared';
import {
  COMPLAINT_DEFAULTS,
  ComplaintSchema,
  DOCUMENT_LENGTH,
  GENDERS,
  type ComplaintInput,
  type ComplaintReceipt,
  type DocumentType,
} from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import { fetchCities, fileComplaint, type City, type ComplaintForm } from './complaints.resource';
import { dayToDmy, limaToday } from '@rumbo/shared/schemas';

/** The form's fields (spec §3), in the order the schema declares them. */
export const FIELD_NAMES = [
  'cpersona',
  'nacimiento',
  'genero',
  'fecha_actual',
  'documento',
  'numero',
  'datos',
  'paterno',
  'materno',
  'direccion',
  'telefono',
  'correo',
  'tipo_reclamo',
  'motivo',
  'viaje',
  'destino',
  'detalle',
  'resultado',
  'tamanioInput',
] as const satisfies readonly (keyof ComplaintInput)[];

export type FieldName = (typeof FIELD_NAMES)[number];
// Fails to compile if the schema gains a field this form does not have.
const _everyField: Exclude<keyof ComplaintInput, FieldName> extends never ? true : never = true;

export type { ComplaintForm };

export type LoadState = 'loading' | 'ready' | 'failed';

export interface ComplaintDeps {
  fetchCities: () => Promise<City[] | undefined>;
  fileComplaint: (form: ComplaintForm) => Promise<ComplaintReceipt | undefined>;
  now: () => Date;
  /** The cities the page was rendered with (its loader's, renderer.tsx): shown at once, then asked anew. */
  cities?: City[];
}

const IDENTITY_FIELDS = ['nacimiento', 'genero', 'documento', 'numero', 'datos', 'paterno', 'materno', 'telefono', 'correo'] as const;

export function blankForm(today: string): ComplaintForm {
  return {
    cpersona: '',
    nacimiento: '',
    genero: COMPLAINT_DEFAULTS.genero,
    fecha_actual: today,
    documento: COMPLAINT_DEFAULTS.documento,
    numero: '',
    datos: '',
    paterno: '',
    materno: '',
    direccion: '',
    telefono: '',
    correo: '',
    tipo_reclamo: COMPLAINT_DEFAULTS.tipo_reclamo,
    motivo: '',
    viaje: '',
    destino: COMPLAINT_DEFAULTS.destino,
    detalle: '',
    resultado: '',
    tamanioInput: String(COMPLAINT_DEFAULTS.tamanioInput),
  };
}

/** Document-number length of a document type (`tamanioInput`); the DNI's for an unknown type. */
export function lengthOf(documento: string): number {
  return DOCUMENT_LENGTH[Number(documento) as DocumentType] ?? COMPLAINT_DEFAULTS.tamanioInput;
}

/** A stored birth date (YYYY-MM-DD[...] or dd/mm/yyyy) as the date input's YYYY-MM-DD, else ''. */
function asInputDate(value: string): string {
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  if (iso) return iso[1]!;
  const local = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return local ? `${local[3]}-${local[2]}-${local[1]}` : '';
}

/** The identity fields a signed-in customer's data fills; unusable values are left out. */
function identityOf(customer: Customer): Partial<ComplaintForm> {
  const gender = customer.gender.trim().charAt(0).toUpperCase();
  const known = Object.keys(DOCUMENT_LENGTH).includes(customer.documentType);
  const filled: Partial<ComplaintForm> = {
    nacimiento: asInputDate(customer.birthDate),
    genero: (GENDERS as readonly string[]).includes(gender) ? gender : '',
    documento: known ? customer.documentType : '',
    numero: known ? customer.documentNumber : '',
    datos: customer.name,
    paterno: customer.firstLastName,
    materno: customer.secondLastName,
    telefono: customer.phone,
    correo: customer.email,
  };
  for (const key of IDENTITY_FIELDS) if (!filled[key]) delete filled[key];
  return filled;
}

/**
 * State of the complaints book page: the form's values, its messages, the sending and the
 * receipt, plus the city data it shows (the operator's legal identity is built in). A MobX store (not React state) because the
 * submit flow is tested without a DOM, the signed-in customer comes from the shared MobX session,
 * and the form, the error summary and the receipt all read the same values.
 */
export class ComplaintStore {
  /** The sheet's values and messages (the site's form flow). */
  readonly form: FormState<ComplaintForm>;
  receipt: ComplaintReceipt | null = null;
  cities: City[] = [];
  citiesState: LoadState = 'loading';
  private customer: Customer | null = null;
  /** Fields the consumer changed: a customer's data loaded later never overwrites them. */
  private edited = new Set<FieldName>();
  private readonly deps: ComplaintDeps;

  constructor(deps: Partial<ComplaintDeps> = {}) {
    this.deps = { fetchCities, fileComplaint, now: clock.now, ...deps };
    if (deps.cities) {
      this.cities = deps.cities;
      this.citiesState = 'ready';
    }
    this.form = new FormState(blankForm(dayToDmy(limaToday(this.deps.now()))), { noAnswer: { key: 'complaints:errors.network' } });
    makeAutoObservable<ComplaintStore, 'deps' | 'edited'>(this, { deps: false, edited: false, form: false });
  }

  get documentLength(): number {
    return Number(this.form.values.tamanioInput) || lengthOf(this.form.values.documento);
  }

  set(field: FieldName, value: string): void {
    this.form.set(field, value);
    this.edited.add(field);
    if (field === 'documento') this.form.set('tamanioInput', String(lengthOf(value)));
  }

  /** Fills the identity of a signed-in customer (fields the consumer has not changed). */
  applyCustomer(customer: Customer | null): void {
    this.customer = customer;
    const { values } = this.form;
    values.cpersona = customer?.id ?? '';
    if (!customer) return;
    for (const [field, value] of Object.entries(identityOf(customer)) as [FieldName, string][]) {
      if (!this.edited.has(field)) values[field] = value;
    }
    values.tamanioInput = String(lengthOf(values.documento));
  }

  async load(): Promise<void> {
    await this.loadCities();
  }

  /** Asks the cities; those shown already (the rendered page's) stay while asked, and if the API cannot answer. */
  async loadCities(): Promise<void> {
    if (this.citiesState !== 'ready') this.citiesState = 'loading';
    const cities = await this.deps.fetchCities().catch(() => undefined);
    runInAction(() => {
      if (cities) {
        this.cities = cities;
        this.citiesState = 'ready';
      } else if (this.citiesState !== 'ready') {
        this.cities = [];
        this.citiesState = 'failed';
      }
    });
  }

  /**
   * Checks the form with the shared schema and, when it passes, files it. Returns where focus
   * should go when something is wrong; nothing when the sheet was filed (or already sending).
   */
  async submit(): Promise<FocusTarget | undefined> {
    const filed = await this.form.submit(ComplaintSchema, () => this.deps.fileComplaint({ ...this.form.values }));
    if (!filed.ok) return filed.focus;
    runInAction(() => {
      this.receipt = filed.value;
    });
    return undefined;
  }

  /** Starts a new, empty sheet (a signed-in customer's identity filled again). */
  reset(): void {
    this.form.reset(blankForm(dayToDmy(limaToday(this.deps.now()))));
    this.edited.clear();
    this.receipt = null;
    this.applyCustomer(this.customer);
  }
}
