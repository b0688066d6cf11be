import { FormState, type FormMessage } from '@rumbo/shared';
import { CulqiCardFormSchema, CulqiCardRequestSchema, CulqiOrderRequestSchema, CulqiYapeRequestSchema, culqiRefusalKey, type CulqiMethod, type CulqiMethods } from '@rumbo/shared/schemas';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import * as v from 'valibot';
import type * as sales from '../sales.resource';

type Api = Pick<typeof sales, 'culqiMethods' | 'payWithYape' | 'payWithCulqiCard' | 'startCulqiOrder' | 'culqiCardToken'>;

export interface CulqiPayDeps {
  api: Api;
  now: () => number;
  redirect: (url: string) => void;
}

/**
 * Issue 46: the reservation page's Culqi part. Which Culqi methods are offered now (a rail that
 * keeps failing is hidden by the API and the page says which still work), Yape's cap said before
 * the code step, the Yape form (phone + the app's 6-digit code, whose 2-minute life is counted from
 * the first digit typed), the card form (tokenized at Culqi: the API sees only the token), and the
 * QR / Cuotéalo order (Culqi's checkout, confirmed by webhook).
 */
export class CulqiPayStore {
  methods: CulqiMethods | undefined = undefined;
  readonly yape = new FormState({ telefono: '', otp: '' });
  readonly card = new FormState({ numero: '', vence: '', cvv: '' });
  /** When the buyer began typing the Yape code (ms): its life is counted from there. */
  codeStarted: number | null = null;
  now: number;
  private readonly deps: CulqiPayDeps;

  constructor(deps: CulqiPayDeps) {
    this.deps = deps;
    this.now = deps.now();
    makeAutoObservable<CulqiPayStore, 'deps'>(this, { deps: false, yape: false, card: false, methods: observableRef });
  }

  /** Reads the methods; none (no Culqi configured, no answer): the page offers the other providers only. */
  async load(): Promise<void> {
    const methods = await this.deps.api.culqiMethods().catch(() => undefined);
    runInAction(() => (this.methods = methods ?? undefined));
  }

  get enabled(): boolean {
    return this.methods !== undefined;
  }

  /** Culqi's methods the page lists (hidden ones too, marked as failing). */
  get offered(): CulqiMethod[] {
    return this.methods?.metodos.map((m) => m.metodo) ?? [];
  }

  available(metodo: string): boolean {
    return this.methods?.metodos.some((m) => m.metodo === metodo && m.disponible) ?? false;
  }

  /** The methods failing now: the page names them and says the others still work. */
  get hidden(): CulqiMethod[] {
    return this.methods?.metodos.filter((m) => !m.disponible).map((m) => m.metodo) ?? [];
  }

  /** Yape's cap: above it the page says so before the code step and offers the other ways. */
  overCap(amount: number): boolean {
    return this.methods !== undefined && amount > this.methods.tope_yape_centimos;
  }

  get capCentimos(): number {
    return this.methods?.tope_yape_centimos ?? 0;
  }

  get codeLife(): number {
    return this.methods?.vida_codigo_segundos ?? 120;
  }

  /** Seconds left of the Yape code typed, or undefined before the first digit. */
  get codeSecondsLeft(): number | undefined {
    if (this.codeStarted === null) return undefined;
    return Math.max(0, Math.ceil(this.codeLife - (this.now - this.codeStarted) / 1000));
  }

  get codeExpired(): boolean {
    return this.codeSecondsLeft === 0;
  }

  setPhone(value: string): void {
    this.yape.set('telefono', value);
  }

  setCode(value: string): void {
    if (value && this.codeStarted === null) this.codeStarted = this.deps.now();
    if (!value) this.codeStarted = null;
    this.yape.set('otp', value);
  }

  setCard(field: 'numero' | 'vence' | 'cvv', value: string): void {
    this.card.set(field, value);
  }

  tick(now: number = this.deps.now()): void {
    this.now = now;
  }

  get problem(): FormMessage | undefined {
    return this.yape.problem ?? this.card.problem ?? undefined;
  }

  /** Pays with Yape; true once the reservation is paid (the page reads it again). */
  async payYape(codigo: string, clave: string): Promise<boolean> {
    if (this.codeExpired) {
      this.yape.failField('otp', { key: 'validation:culqi.rechazo.yape_otp_expired' });
      return false;
    }
    const checked = this.yape.check(CulqiYapeRequestSchema, { codigo, clave_bloqueo: clave, ...this.yape.values });
    if (!checked.ok) return false;
    const sent = await this.yape.send(() => this.deps.api.payWithYape(checked.value));
    // A refused or expired code is spent: the buyer makes a new one.
    if (!sent.ok) runInAction(() => this.setCode(''));
    return sent.ok;
  }

  /** Tokenizes the card at Culqi, then pays with the token. */
  async payCard(codigo: string, clave: string, email: string): Promise<boolean> {
    const checked = this.card.check(CulqiCardFormSchema);
    if (!checked.ok || !this.methods) return false;
    const { url_tokens, llave_publica } = this.methods;
    const sent = await this.card.send(async () => {
      const token = await this.deps.api.culqiCardToken(url_tokens, llave_publica, checked.value, email);
      if (!token) return undefined;
      if ('error' in token) return { refused: culqiRefusalKey(token.error) } as const;
      const body = v.parse(CulqiCardRequestSchema, { codigo, clave_bloqueo: clave, token: token.id });
      return (await this.deps.api.payWithCulqiCard(body)) === undefined ? undefined : ({ refused: null } as const);
    });
    if (sent.ok && sent.value.refused) {
      const key = sent.value.refused;
      runInAction(() => this.card.fail({ key: `validation:${key}` }));
      return false;
    }
    return sent.ok;
  }

  /** Creates the Culqi order (wallet QR, Cuotéalo) and sends the buyer to Culqi's checkout. */
  async startOrder<F extends Record<string, unknown>>(codigo: string, clave: string, metodo: 'billetera' | 'cuotealo', form: FormState<F>): Promise<boolean> {
    const checked = form.checkAlert(CulqiOrderRequestSchema, { codigo, clave_bloqueo: clave, metodo });
    if (!checked.ok) return false;
    const sent = await form.send(() => this.deps.api.startCulqiOrder(checked.value));
    if (sent.ok) this.deps.redirect(sent.value.url);
    return sent.ok;
  }
}
