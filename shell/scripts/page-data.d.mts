/** Types of page-data.mjs (the deploy's scripts are plain Node; the shell's tests import this one). */
export interface BuiltPart {
  html: string;
  css: string;
  ids: string[];
}
export interface BuiltPage extends BuiltPart {
  path: string;
  template?: BuiltPart & { endpoint: string };
  providerVariants?: Record<string, BuiltPart>;
  renderedWithData?: { endpoint: string };
}
/** A page rendered at deploy with its call's answer, and the data it hydrates from. */
export interface RenderedPart extends BuiltPart {
  data?: Record<string, unknown>;
}
/** What the stitch writes pages with: the API's answers by call, and the pages rendered with data by path. */
export type StitchAnswers = { [endpoint: string]: unknown; rendered?: Record<string, RenderedPart> };
export function renderPagesWithData(
  pages: BuiltPage[],
  apiBaseUrl: string | undefined,
  render: ((path: string, answer: unknown) => Promise<RenderedPart | undefined>) | undefined,
  fetchImpl?: (url: string, init: RequestInit) => Promise<Response>,
): Promise<Record<string, RenderedPart>>;
export interface InformationAnswer {
  titulo: string;
  html: string;
  actualizado: string;
  [field: string]: unknown;
}
export interface SiteConfig {
  apiBaseUrl?: string;
  googleClientId?: string;
  facebookAppId?: string;
}
export const STITCH_LANGUAGE: string;
export function readSiteConfig(shellDir: string): SiteConfig;
export function providerSet(config: SiteConfig): string[];
export function isAllowedHtml(html: string): boolean;
export function boxTables(html: string): string;
export function formatDayEs(iso: string): string;
export function fetchPageData(
  pages: BuiltPage[],
  apiBaseUrl: string | undefined,
  fetchImpl?: (url: string, init: RequestInit) => Promise<Response>,
): Promise<Record<string, InformationAnswer>>;
export function pageWithData(
  page: BuiltPage,
  options?: { answers?: StitchAnswers; config?: SiteConfig },
): { page: Omit<BuiltPage, 'template' | 'providerVariants' | 'renderedWithData'>; data: Record<string, unknown> | undefined };
export function pageDataScript(data: Record<string, unknown> | undefined): string;
export function jsonScript(id: string, value: unknown): string;
export interface BuiltSlot extends BuiltPart {
  id: string;
  /** The call whose answer the part is drawn with (kept in the page under `key`). */
  data?: { key: string; method: string; path: string };
  /** Where the part's asset addresses point (its remote's version folder), set by the stitch. */
  publicPath?: string;
  /**
   * A keyed part (a destination's search): drawn for the item of its data whose field `keyedBy` is
   * the slot's `data-slot-key`, its markup's `__STITCH_<field>__` tokens written with that item's fields.
   */
  keyedBy?: string;
}
export function slotMarkup(id: string, key?: string): string;
export function slotsIn(html: string): string[];
export function slotsOfPage(page: { html: string; slots?: string[] }): string[];
export function fetchSlotData(
  slots: BuiltSlot[],
  apiBaseUrl: string | undefined,
  fetchImpl?: (url: string, init: RequestInit) => Promise<Response>,
): Promise<Record<string, unknown>>;
export function fillSlots<P extends BuiltPart>(
  page: P,
  slots: Record<string, BuiltSlot>,
  answers?: Record<string, unknown>,
): { page: P; parts: BuiltSlot[]; data: Record<string, unknown> | undefined };
