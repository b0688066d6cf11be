/**
 * Runtime configuration, read by the shell at start (`/config.json`) and handed to `shared`;
 * nothing environment-specific is baked into a build.
 */
export interface RuntimeConfig {
  /** Base URL of the API server, e.g. `http://localhost:3001`. */
  apiBaseUrl: string;
  /** Product key: the language is kept under `lang-web{product}`. */
  product: string;
  /** The operator's founding year (the home page's "{edad} Years Creating"). */
  foundingYear: number;
  googleClientId?: string;
  facebookAppId?: string;
}

let current: RuntimeConfig | undefined;

export function configure(config: RuntimeConfig): void {
  current = config;
}

export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('shared: runtime config read before the shell configured it');
  return current;
}
