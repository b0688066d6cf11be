import type { TFunction } from 'i18next';
import { routeFor } from './routes';

/** The page title and description of a path, in the current language (default for unknown routes). */
export function headFor(pathname: string, t: TFunction<'shell'>): { title: string; description: string } {
  const route = routeFor(pathname);
  if (!route) return { title: t('defaultTitle'), description: t('defaultDescription') };
  return {
    title: t(`routes.${route.id}.title`) + t('titleSuffix'),
    description: t(`routes.${route.id}.description`),
  };
}

export function applyHead(head: { title: string; description: string }): void {
  document.title = head.title;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = head.description;
}
