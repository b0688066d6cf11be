import { api, useTranslation } from '@rumbo/shared';
import { startTransition, useEffect, useState } from 'react';
import { contentEndpoints, type PageSummary } from '@rumbo/shared/contract';
import { routeFor } from '../routes';

export interface LegalLink {
  key: string;
  to: string;
  /** The page's own title (from the API), or undefined to use the footer's text for `key`. */
  label?: string;
}

/** The footer's legal links (spec §2): terms, privacy, complaints book. */
export const LEGAL: readonly LegalLink[] = [
  { key: 'terms', to: '/informacion/terminos-condiciones' },
  { key: 'privacy', to: '/informacion/proteccion-datos' },
  { key: 'complaints', to: '/libro_reclamaciones' },
];


/**
 * The legal links with the information pages' titles (`contentEndpoints.pages`), in the current
 * language; until it answers (or if it fails) the footer's own texts.
 */
export function useLegalLinks(): readonly LegalLink[] {
  const { i18n } = useTranslation('shell');
  const [pages, setPages] = useState<{ language: string; list: PageSummary[] }>();
  const language = i18n.language;
  useEffect(() => {
    let live = true;
    api.call(contentEndpoints.pages).then(
      (list) => live && list && startTransition(() => setPages({ language, list })),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language]);
  if (pages?.language !== language) return LEGAL;
  return LEGAL.map((link) => {
    const page = pages.list.find((p) => `/informacion/${p.slug}` === link.to && routeFor(link.to));
    return page ? { ...link, label: page.titulo } : link;
  });
}
