import { ALERT, ApiError, FormState, session, type FocusTarget, type FormMessage } from '@rumbo/shared';
import { DeclarationSchema, TicketLookupSchema, type DeclarationTicket } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import { ticketAccess } from '../reservation';
import * as sales from '../sales.resource';

export interface DeclarationDeps {
  api: Pick<typeof sales, 'lookUpDeclaration' | 'registerDeclaration'>;
  storage: Storage;
  signedIn: () => boolean;
}

export const DECLARATION_TEXT_FIELDS = ['contacto_nombre', 'contacto_telefono'] as const;
export const DECLARATION_CHECKS = ['sin_objetos_prohibidos', 'apto_para_viajar', 'datos_veraces'] as const;
export type DeclarationField = (typeof DECLARATION_TEXT_FIELDS)[number] | (typeof DECLARATION_CHECKS)[number];

/** loading → ready; noAccess (neither signed in nor the purchase's key here); refused (the server said why); failed. */
export type DeclarationState = 'loading' | 'ready' | 'noAccess' | 'refused' | 'failed';

/**
 * `/pasajes/declaracion/{numero}`: the passenger's sworn declaration of a ticket, read with
 * `endpoints.declarationTicket` and registered once with `endpoints.declaration`.
 */
export class DeclarationStore {
  state: DeclarationState = 'loading';
  view: DeclarationTicket | undefined = undefined;
  readonly form = new FormState<Record<(typeof DECLARATION_TEXT_FIELDS)[number], string> & Record<(typeof DECLARATION_CHECKS)[number], boolean>>({
    contacto_nombre: '',
    contacto_telefono: '',
    sin_objetos_prohibidos: false,
    apto_para_viajar: false,
    datos_veraces: false,
  });
  /** Registered during this visit (the page says so). */
  saved = false;
  readonly numero: string;
  private readonly deps: DeclarationDeps;

  constructor(numero: string, deps: Partial<DeclarationDeps> = {}) {
    this.numero = numero.trim().toUpperCase();
    this.deps = { api: sales, storage: globalThis.sessionStorage, signedIn: () => session.customer !== null, ...deps };
    makeAutoObservable<DeclarationStore, 'deps'>(this, { deps: false, numero: false, form: false });
  }

  /** Why the ticket or the declaration cannot be had (the page's alert). */
  get problem(): FormMessage | undefined {
    return this.form.problem ?? undefined;
  }

  private get access() {
    return ticketAccess(this.numero, this.deps.storage, this.deps.signedIn());
  }

  async load(): Promise<void> {
    const access = this.access;
    const checked = this.form.checkAlert(TicketLookupSchema, access);
    if (!checked.ok) {
      this.state = 'refused';
      return;
    }
    if (!access.clave_bloqueo && !this.deps.signedIn()) {
      this.state = 'noAccess';
      return;
    }
    this.state = 'loading';
    try {
      const view = await this.deps.api.lookUpDeclaration(checked.value);
      runInAction(() => {
        if (view) {
          this.view = view;
          this.state = 'ready';
        } else this.state = 'failed';
      });
    } catch (error) {
      runInAction(() => {
        this.form.refuse(error);
        this.state = error instanceof ApiError && error.status === 401 ? 'noAccess' : 'refused';
      });
    }
  }

  setText(field: (typeof DECLARATION_TEXT_FIELDS)[number], value: string): void {
    this.form.set(field, value);
  }

  setCheck(field: (typeof DECLARATION_CHECKS)[number], value: boolean): void {
    this.form.set(field, value);
  }

  /** Registers the declaration; answers where the focus goes when something is wrong ('saved': the declaration is). */
  async submit(): Promise<FocusTarget | 'saved' | undefined> {
    if (this.form.sending || !this.view?.abierta) return undefined;
    const checked = this.form.check(DeclarationSchema, { ...this.access, ...this.form.values });
    if (!checked.ok) {
      const first = [...DECLARATION_TEXT_FIELDS, ...DECLARATION_CHECKS].find((field) => this.form.fieldError(field));
      // Not about anything typed (the ticket's access): the alert's.
      if (!first) this.form.fail(this.form.errors[0]!);
      return first ?? ALERT;
    }
    const sent = await this.form.send(() =>
      this.deps.api.registerDeclaration(checked.value).catch(async (error: unknown) => {
        // Declared meanwhile (another tab): the page shows the declaration on file.
        if (error instanceof ApiError && error.code === 'declaration.exists') await this.load();
        throw error;
      }),
    );
    if (!sent.ok) return sent.focus;
    runInAction(() => {
      this.view = sent.value;
      this.saved = true;
    });
    return 'saved';
  }
}
