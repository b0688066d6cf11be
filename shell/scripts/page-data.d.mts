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
}
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
  options?: { answers?: Record<string, InformationAnswer>; config?: SiteConfig },
): { page: Omit<BuiltPage, 'template' | 'providerVariants'>; data: Record<string, unknown> | undefined };
export function pageDataScript(data: Record<string, unknown> | undefined): string;
export function jsonScript(id: string, value: unknown): string;
export interface BuiltSlot extends BuiltPart {
  id: string;
  /** The call whose answer the part is drawn with (kept in the page under `key`). */
  data?: { key: string; method: string; path: string };
  /** Where the part's asset addresses point (its remote's version folder), set by the stitch. */
  publicPath?: string;
}
export function slotMarkup(id: string): string;
export function slotsIn(html: string): string[];
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
