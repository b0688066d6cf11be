import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, requestMessages, startLanguage, toLanguage, type Language, type ValidationMessages } from './schemas';
import { commonTexts } from './locales';
import { languageKey, storedLanguage } from './storage';
import { renderScope } from './render-scope';

export { LANGUAGES, DEFAULT_LANGUAGE, startLanguage, type Language };

/** The site's one i18next instance (shared singleton: shell and every remote use it). */
export const i18n = i18next.createInstance();

let product = '';

/**
 * A language's texts of a namespace: bundled with the package, or a loader of a chunk of their own
 * (English: fetched the first time a customer reads the site in it, so no page carries both).
 */
export type LanguageTexts = ResourceLanguage | (() => Promise<ResourceLanguage>);

/** The loaders of texts not bundled, by `language|namespace`. */
const loaders = new Map<string, () => Promise<ResourceLanguage>>();
// Asked by i18next for a language and namespace it does not have yet; nothing to load is no text
// (the fallback language's are shown).
const backend = resourcesToBackend((language: string, ns: string) => loaders.get(`${language}|${ns}`)?.() ?? Promise.resolve({}));


/** Initialises i18n once, with the language stored under `lang-web{product}` (es-PE default). */
export function initI18n(productKey: string): typeof i18n {
  product = productKey;
  if (i18n.isInitialized) return i18n;
  const storage = safeLocalStorage();
  // The choice kept in storage, else the one its cookie mirror carries (the server rendered the page in it).
  const stored = storedLanguage(productKey, storage);
  const search = typeof location === 'undefined' ? '' : location.search;
  const lng = startLanguage(search, stored);
  // Chosen by the address (the installed app's start URL): kept, as a choice made on the page is.
  if (lng !== stored && new URLSearchParams(search).has('idioma')) {
    storage?.setItem(languageKey(productKey), lng);
    writeLanguageCookie(lng);
  }
  const resources: Resource = {};
  for (const language of LANGUAGES) {
    // Of the `validation` texts, only what any request may answer: each package adds its forms' own.
    resources[language] = { validation: { ...requestMessages[language] }, common: commonTexts[language] };
  }
  void i18n.use(backend).use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources,
    // Bundled texts and, for what is not bundled, the loaders (see `registerTexts`).
    partialBundledLanguages: true,
    ns: ['common', 'validation'],
    defaultNS: 'validation',
    // validation keys are flat and contain dots: found through i18next's flat-key fallback
    ignoreJSONStructure: true,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  syncDocumentLanguage(lng);
  // A reader who chose before the cookie existed: the server renders their next page in it.
  if (stored) writeLanguageCookie(lng as Language);
  i18n.on('languageChanged', syncDocumentLanguage);
  return i18n;
}

function addTranslation(language: Language, ns: string, texts: ResourceLanguage): void {
  if (!i18n.hasResourceBundle(language, ns)) i18n.addResourceBundle(language, ns, texts, true, true);
}

/**
 * Adds the `validation` texts of the domains a package's forms show (`complaintMessages`, ...,
 * or all of `validationMessages`), in every language; a key already there is kept.
 */
export function addValidationMessages(...domains: ValidationMessages[]): void {
  for (const language of LANGUAGES) {
    for (const messages of domains) i18n.addResourceBundle(language, 'validation', messages[language], true, false);
  }
}

/**
 * A package's texts in both languages: Spanish (the default) bundled, English a chunk of its own
 * (`english` imports it), fetched the first time a customer reads the site in it. The texts are
 * i18next resource files (`locales.es-PE.json`, `locales.en-EN.json`): English must have every
 * Spanish key (a type error otherwise); `expectSameTexts` (testing) also refuses extra ones.
 */
export function bundledSpanish<T extends ResourceLanguage>(esPE: T, english: () => Promise<NoInfer<T>>) {
  return { 'es-PE': esPE, 'en-EN': english } satisfies Record<Language, LanguageTexts>;
}

/**
 * What a package (the shell, a remote, a parcel) registers: its namespace's texts in each language
 * and the `validation` messages its forms show.
 */
export interface PackageTexts {
  ns: string;
  translations: Record<Language, LanguageTexts>;
  messages: ValidationMessages[];
}

/**
 * Registers a package's texts and messages, and resolves once the current language's are there
 * (a chunk to fetch when that language is not bundled). A later language switch fetches what the
 * new language lacks for every registered namespace before any text changes.
 */
export async function registerTexts({ ns, translations, messages }: PackageTexts): Promise<void> {
  for (const language of LANGUAGES) {
    const texts = translations[language];
    if (typeof texts === 'function') loaders.set(`${language}|${ns}`, texts);
    else addTranslation(language, ns, texts);
  }
  addValidationMessages(...messages);
  await i18n.loadNamespaces(ns);
}

/**
 * Switches language: a navigation. The choice is kept (its storage key and the cookie mirroring
 * it, which the site server reads) and the same address is loaded again (`reload`), which the
 * server renders in the new language and the browser hydrates: nothing is re-rendered in place.
 * What lives in session storage (a purchase under way) survives it; what the customer typed is
 * the caller's to keep first (the language picker: shell/src/early-input.ts `keepTypedAcrossLoad`).
 */
export function setLanguage(language: Language, reload: () => void = () => window.location.reload()): void {
  safeLocalStorage()?.setItem(languageKey(product), language);
  writeLanguageCookie(language);
  reload();
}

/** The reader's language: the page's, or in a server render the render's own (`RenderScope`). */
export function currentLanguage(): Language {
  return renderScope()?.language ?? toLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/**
 * The chosen language, mirrored from its storage key into a cookie of the same name
 * (`PAINT.languageCookie`): the site server renders every page in it, from the first byte.
 */
function writeLanguageCookie(language: Language): void {
  if (typeof document === 'undefined') return;
  const name = languageKey(product);
  if (document.cookie.split(';').some((part) => part.trim() === `${name}=${language}`)) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${language}; Max-Age=31536000; path=/; SameSite=Lax${secure}`;
}

function syncDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng === 'en-EN' ? 'en' : 'es-PE';
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
