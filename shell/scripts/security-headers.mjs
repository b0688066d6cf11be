/**
 * The security headers of the site's origin and of the remotes' (CDN) origins, as plain header
 * values: the site server (shell/server/site-server.ts) and the remotes' origins (static-server.mjs) send them.
 */

/**
 * HSTS: browsers reach the origins over HTTPS only, for a year, subdomains included (the API and
 * CDN origins are HTTPS in production too). Browsers ignore it over plain HTTP (RFC 6797 §8.1),
 * so the local site on http://localhost is unaffected. No `preload`: that is a submission to the
 * browsers' lists, an operator's decision.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Where the agencies map (mf-content, Leaflet) takes its tiles from. */
export const MAP_TILES_ORIGIN = 'https://tile.openstreetmap.org';

/**
 * What each sign-in provider's browser code needs: Google's script and its button's frame,
 * Facebook's SDK. Allowed only where the runtime config names the provider (`providerSet`).
 */
export const PROVIDER_SOURCES = {
  google: { script: ['https://accounts.google.com'], frame: ['https://accounts.google.com'] },
  facebook: { script: ['https://connect.facebook.net'], frame: [] },
};

/**
 * The site's Content-Security-Policy.
 *
 * @param {object} site
 * @param {string} site.nonce           this response's nonce: for inline scripts of a render made for it alone
 * @param {string[]} [site.hashes]      base64 SHA-256 of inline scripts allowed by their text (the shell's
 *                                      first script): a cached page names no per-response value
 * @param {string} site.apiOrigin
 * @param {string[]} site.remoteOrigins  the origins the remotes are served from now
 * @param {string[]} site.providers      the sign-in providers configured: `providerSet(config.json)`
 * @returns {string}
 */
export function siteContentSecurityPolicy({ nonce, hashes = [], apiOrigin, remoteOrigins, providers }) {
  const offered = (kind) => [...new Set(providers.flatMap((name) => PROVIDER_SOURCES[name]?.[kind] ?? []))];
  const frames = offered('frame');
  const directives = [
    ['default-src', "'self'"],
    ['base-uri', "'self'"],
    ['font-src', "'self'", 'data:'],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    // The remotes' pictures come from their own origins; the map's tiles from OpenStreetMap.
    ['img-src', "'self'", 'data:', MAP_TILES_ORIGIN, ...remoteOrigins],
    ['object-src', "'none'"],
    ['script-src', "'self'", `'nonce-${nonce}'`, ...hashes.map((hash) => `'sha256-${hash}'`), ...offered('script'), ...remoteOrigins],
    ['script-src-attr', "'none'"],
    // Emotion (Chakra) injects style elements at run time.
    ['style-src', "'self'", "'unsafe-inline'"],
    // Issue 46: the reservation page tokenizes a card at Culqi (its data never reaches the API).
    ['connect-src', "'self'", apiOrigin, 'https://secure.culqi.com', ...remoteOrigins],
    ['frame-src', ...(frames.length > 0 ? frames : ["'none'"])],
  ];
  return directives.map((directive) => directive.join(' ')).join(';');
}

/** The sign-in providers the runtime config (`config.json`) offers: only their scripts may load. */
export function providerSet(config) {
  return [config.googleClientId && 'google', config.facebookAppId && 'facebook'].filter(Boolean);
}

/** The headers the site's origin adds to every answer (helmet's others come with them: see shell/server/site-server.ts). */
export function siteSecurityHeaders(site) {
  return {
    'content-security-policy': siteContentSecurityPolicy(site),
    'strict-transport-security': STRICT_TRANSPORT_SECURITY,
  };
}

/** The headers a remote's (CDN) origin adds to every answer. */
export const CDN_SECURITY_HEADERS = {
  'strict-transport-security': STRICT_TRANSPORT_SECURITY,
  'x-content-type-options': 'nosniff',
};

/**
 * Source maps are the operator's (a customer's stack trace decoded), not the public's: builds
 * emit them without a `sourceMappingURL` comment (webpack.federation.mjs), the deploy keeps them
 * out of the served folders (deploy-lib.mjs), and no origin serves one (this, for a folder
 * published before or copied by hand).
 */
export const SOURCE_MAP = /\.map(\.br|\.gz)?$/;

/** Whether a file of a served folder may be sent to a browser. */
export const isPublicFile = (file) => !SOURCE_MAP.test(file);

/**
 * What the text of a script written inline into a page (allowed by its hash) must not
 * hold: it would end its element, or open a comment that hides its end (HTML, "Restrictions for
 * contents of script elements"). The shell's build fails on it (webpack.federation.mjs); the
 * site server refuses such a text.
 */
export const INLINE_SCRIPT_BREAKERS = /<\/script|<!--/i;
