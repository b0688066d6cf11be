/** Types of security-headers.mjs (the site's servers are plain Node). */
export const STRICT_TRANSPORT_SECURITY: string;
export const MAP_TILES_ORIGIN: string;
export const PROVIDER_SOURCES: Record<'google' | 'facebook', { script: string[]; frame: string[] }>;
export interface SiteSecurity {
  /** This response's nonce (base64). */
  nonce: string;
  /** Base64 SHA-256 of inline scripts allowed by their text (the shell's first script). */
  hashes?: string[];
  apiOrigin: string;
  remoteOrigins: string[];
  providers: string[];
}
export function siteContentSecurityPolicy(site: SiteSecurity): string;
export function siteSecurityHeaders(site: SiteSecurity): Record<'content-security-policy' | 'strict-transport-security', string>;
export function providerSet(config: { googleClientId?: string; facebookAppId?: string }): string[];
export const CDN_SECURITY_HEADERS: Record<string, string>;
export const SOURCE_MAP: RegExp;
export function isPublicFile(file: string): boolean;
export const INLINE_SCRIPT_BREAKERS: RegExp;
