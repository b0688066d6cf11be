import { FormState, type FormMessage, type HeldSeat } from '@rumbo/shared';
import { PointsApplySchema, POINT_VALUE_CENTIMOS, QuoteRequestSchema, type Quote } from '@rumbo/shared/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import type { Reservation } from '../reservation';
import type * as sales from '../sales.resource';

export type PriceApi = Pick<typeof sales, 'quote' | 'fetchPromotions' | 'fetchMyPoints' | 'applyPoints'>;

/** What the price depends on: the purchase of step 3. */
export interface PricedPurchase {
  readonly clave: string | undefined;
  readonly held: HeldSeat[];
  readonly reservation: Reservation | undefined;
  readonly isGuest: boolean;
}

/**
 * Step 3's price: the server's quote of the held seats, the coupon (a form of its own) and a
 * signed-in customer's points (another).
 */
export class PriceStore {
  quote: Quote | undefined = undefined;
  promotions: sales.Promotion[] = [];
  /** A signed-in customer's points that can be redeemed (not held by other pending purchases). */
  puntosDisponibles: number | undefined = undefined;
  readonly coupon = new FormState({ cupon: '' });
  readonly points = new FormState({ puntos: '' });
  /** A quote without a coupon is under way (the page's first, or after removing the coupon). */
  private requoting = false;

  constructor(
    private readonly purchase: PricedPurchase,
    private readonly api: PriceApi,
  ) {
    makeAutoObservable<PriceStore, 'purchase' | 'api'>(this, { purchase: false, api: false, coupon: false, points: false });
  }

  /** Asks the server for the price, the current coupons and (signed in) the customer's points. */
  start(): void {
    void this.requote();
    void this.loadPromotions();
    if (!this.purchase.isGuest) void this.loadPoints();
  }

  get quoting(): boolean {
    return this.requoting || this.coupon.sending;
  }

  get cupon(): string {
    return this.coupon.values.cupon;
  }

  get cuponError(): FormMessage | undefined {
    return this.coupon.soleMessage('cupon');
  }

  get puntos(): string {
    return this.points.values.puntos;
  }

  get puntosError(): FormMessage | undefined {
    return this.points.soleMessage('puntos');
  }

  get applyingPoints(): boolean {
    return this.points.sending;
  }

  /** The server's price; the seats' own prices (S/, from the holds) until it answers. */
  get subtotalCentimos(): number {
    return this.quote?.subtotal_centimos ?? Math.round(this.purchase.held.reduce((sum, seat) => sum + seat.precio, 0) * 100);
  }

  /** Coupons of the current promotions that may apply to this purchase's destination. */
  get coupons(): sales.Promotion[] {
    const destino = this.purchase.reservation?.ida?.terminal_llegada.cciudad;
    return this.promotions.filter((promotion) => !promotion.destino || promotion.destino.cciudad === destino);
  }

  /** Points already applied to this purchase. */
  get puntosCanje(): number {
    return this.quote?.puntos_canje ?? 0;
  }

  /** The most points this purchase takes: what the customer has, up to the price before points. */
  get pointsThatFit(): number {
    const before = this.quote ? this.quote.total_centimos + this.quote.canje_centimos : this.subtotalCentimos;
    const own = (this.puntosDisponibles ?? 0) + this.puntosCanje;
    return Math.max(0, Math.min(own, Math.floor(before / POINT_VALUE_CENTIMOS)));
  }

  private async loadPoints(): Promise<void> {
    const points = await this.api.fetchMyPoints().catch(() => undefined);
    runInAction(() => {
      if (points) this.puntosDisponibles = points.disponibles;
    });
  }

  private async loadPromotions(): Promise<void> {
    const promotions = await this.api.fetchPromotions().catch(() => undefined);
    runInAction(() => {
      this.promotions = Array.isArray(promotions) ? promotions : [];
    });
  }

  setPoints(value: string): void {
    this.points.reset({ puntos: value });
  }

  /** Applies the typed points (or, with `all`, all that fit) to the held seats (`aftersaleEndpoints.pointsApply`); 0 removes them. */
  async applyPoints(all = false): Promise<void> {
    const clave = this.purchase.clave;
    if (!clave || this.purchase.isGuest || this.points.sending) return;
    const typed = this.puntos.trim();
    const puntos = all ? this.pointsThatFit : /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
    const checked = this.points.check(PointsApplySchema, { clave_bloqueo: clave, puntos });
    if (!checked.ok) return;
    const sent = await this.points.send(() => this.api.applyPoints(checked.value));
    if (!sent.ok) return;
    const answer = sent.value;
    runInAction(() => {
      this.quote = answer;
      this.puntosDisponibles = answer.puntos_disponibles;
      this.points.reset({ puntos: answer.puntos_canje > 0 ? String(answer.puntos_canje) : '' });
    });
  }

  async removePoints(): Promise<void> {
    this.points.set('puntos', '0');
    await this.applyPoints();
  }

  setCoupon(value: string): void {
    this.coupon.reset({ cupon: value });
  }

  async applyCoupon(): Promise<void> {
    const clave = this.purchase.clave;
    if (!clave) return;
    const checked = this.coupon.check(QuoteRequestSchema, { clave_bloqueo: clave, cupon: this.cupon });
    if (!checked.ok) return;
    const cupon = checked.value.cupon;
    if (!cupon) return this.requote();
    const sent = await this.coupon.send(() => this.api.quote({ clave_bloqueo: clave, cupon }));
    if (sent.ok) runInAction(() => (this.quote = sent.value));
  }

  async removeCoupon(): Promise<void> {
    this.coupon.reset({ cupon: '' });
    await this.requote();
  }

  /** Asks the server for the price of the held seats without a coupon (no answer: the seats' own prices stay). */
  private async requote(): Promise<void> {
    const clave = this.purchase.clave;
    if (!clave) return;
    this.requoting = true;
    try {
      const answer = await this.api.quote({ clave_bloqueo: clave });
      runInAction(() => {
        if (answer) this.quote = answer;
      });
    } catch {
      // Without a coupon there is nothing to tell: the seats' own prices stay.
    } finally {
      runInAction(() => {
        this.requoting = false;
      });
    }
  }
}
