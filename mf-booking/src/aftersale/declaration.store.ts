import { ApiError, firstIssues, fromError, session, type FormMessage } from '@rumbo/shared';
import { DeclarationSchema, TicketLookupSchema, type DeclarationTicket } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import * as v from 'valibot';
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
  text: Record<(typeof DECLARATION_TEXT_FIELDS)[number], string> = { contacto_nombre: '', contacto_telefono: '' };
  checks: Record<(typeof DECLARATION_CHECKS)[number], boolean> = { sin_objetos_prohibidos: false, apto_para_viajar: false, datos_veraces: false };
  errors: Partial<Record<DeclarationField, FormMessage>> = {};
  problem: FormMessage | undefined = undefined;
  sending = false;
  /** Registered during this visit (the page says so). */
  saved = false;
  readonly numero: string;
  private readonly deps: DeclarationDeps;

  constructor(numero: string, deps: Partial<DeclarationDeps> = {}) {
    this.numero = numero.trim().toUpperCase();
    this.deps = { api: sales, storage: globalThis.sessionStorage, signedIn: () => session.customer !== null, ...deps };
    makeAutoObservable<DeclarationStore, 'deps'>(this, { deps: false, numero: false });
  }

  private get access() {
    return ticketAccess(this.numero, this.deps.storage, this.deps.signedIn());
  }

  async load(): Promise<void> {
    const access = this.access;
    const parsed = v.safeParse(TicketLookupSchema, access);
    if (!parsed.success) {
      this.problem = { key: parsed.issues[0].message };
      this.state = 'refused';
      return;
    }
    if (!access.clave_bloqueo && !this.deps.signedIn()) {
      this.state = 'noAccess';
      return;
    }
    this.state = 'loading';
    try {
      const view = await this.deps.api.lookUpDeclaration(parsed.output);
      runInAction(() => {
        if (view) {
          this.view = view;
          this.state = 'ready';
        } else this.state = 'failed';
      });
    } catch (error) {
      runInAction(() => {
        this.problem = fromError(error).message;
        this.state = error instanceof ApiError && error.status === 401 ? 'noAccess' : 'refused';
      });
    }
  }

  setText(field: (typeof DECLARATION_TEXT_FIELDS)[number], value: string): void {
    this.text[field] = value;
    delete this.errors[field];
  }

  setCheck(field: (typeof DECLARATION_CHECKS)[number], value: boolean): void {
    this.checks[field] = value;
    delete this.errors[field];
  }

  /** Registers the declaration; answers the id of the control to focus when something is wrong. */
  async submit(): Promise<string | undefined> {
    if (this.sending || !this.view?.abierta) return undefined;
    this.problem = undefined;
    const parsed = v.safeParse(DeclarationSchema, { ...this.access, ...this.text, ...this.checks });
    if (!parsed.success) {
      this.errors = firstIssues(parsed.issues);
      const first = [...DECLARATION_TEXT_FIELDS, ...DECLARATION_CHECKS].find((field) => this.errors[field]);
      if (!first) this.problem = { key: parsed.issues[0].message };
      return first ? `declaration-${first}` : 'declaration-problem';
    }
    this.errors = {};
    this.sending = true;
    try {
      const view = await this.deps.api.registerDeclaration(parsed.output);
      runInAction(() => {
        if (view) {
          this.view = view;
          this.saved = true;
        } else this.problem = { key: 'request.failed' };
      });
      return view ? 'declaration-saved' : 'declaration-problem';
    } catch (error) {
      const { field, message } = fromError(error);
      const known = [...DECLARATION_TEXT_FIELDS, ...DECLARATION_CHECKS] as readonly string[];
      runInAction(() => {
        if (field && known.includes(field)) this.errors[field as DeclarationField] = message;
        else this.problem = message;
      });
      if (error instanceof ApiError && error.code === 'declaration.exists') await this.load();
      return field && known.includes(field) ? `declaration-${field}` : 'declaration-problem';
    } finally {
      runInAction(() => {
        this.sending = false;
      });
    }
  }
}
