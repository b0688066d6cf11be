import type { Language } from '@rumbo/shared/schemas';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { informacion } from './content.tables';
import { sanitizePageHtml } from './sanitize';

export interface PageSummary {
  id: number;
  slug: string;
  titulo: string;
  idioma: string;
}

export interface Page {
  id: number;
  slug: string;
  titulo: string;
  html: string;
  /** YYYY-MM-DD */
  actualizado: string;
}

export type { City } from '@rumbo/shared/schemas';

export function listPages(db: Database, idioma: Language): Promise<PageSummary[]> {
  return db
    .select({ id: informacion.id, slug: informacion.slug, titulo: informacion.titulo, idioma: informacion.idioma })
    .from(informacion)
    .where(eq(informacion.idioma, idioma))
    .orderBy(asc(informacion.id));
}

const PAGE_ID = /^\d{1,9}$/;
const PAGE_SLUG = /^[a-z0-9-]{1,80}$/;

/**
 * A page by id (`/rest/informacion/2`) or slug (`/rest/informacion/terminos-condiciones`), its
 * HTML sanitised; undefined when there is none. Keys of any other shape are not looked up.
 */
export async function findPage(db: Database, key: string, idioma: Language): Promise<Page | undefined> {
  const match = PAGE_ID.test(key)
    ? eq(informacion.id, Number(key))
    : PAGE_SLUG.test(key)
      ? eq(informacion.slug, key)
      : undefined;
  if (!match) return undefined;
  const [row] = await db
    .select({
      id: informacion.id,
      slug: informacion.slug,
      titulo: informacion.titulo,
      html: informacion.html,
      actualizado: informacion.actualizado,
    })
    .from(informacion)
    .where(and(match, eq(informacion.idioma, idioma)));
  return row && { ...row, html: sanitizePageHtml(row.html) };
}

