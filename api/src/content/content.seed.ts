import { LANGUAGES } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { CITIES } from '../cities/cities';
import { ciudad } from '../cities/cities.tables';
import { informacion } from './content.tables';
import { INFORMATION_PAGES } from './pages';

/**
 * Cities and information pages. Safe to run at every start: cities follow the code; a page is
 * replaced only by a newer version (`actualizado`) of itself, so a text corrected directly in
 * the database survives restarts until the code ships a newer one.
 */
export async function seedContent(db: Database): Promise<void> {
  await db
    .insert(ciudad)
    .values([...CITIES])
    .onConflictDoUpdate({
      target: ciudad.cciudad,
      set: { nombre: sql`excluded.nombre`, codigo: sql`excluded.codigo`, slug: sql`excluded.slug` },
    });

  const pages = INFORMATION_PAGES.flatMap((page) =>
    LANGUAGES.map((idioma) => ({
      id: page.id,
      idioma,
      slug: page.slug,
      actualizado: page.actualizado,
      ...page.texts[idioma],
    })),
  );
  await db
    .insert(informacion)
    .values(pages)
    .onConflictDoUpdate({
      target: [informacion.id, informacion.idioma],
      set: {
        slug: sql`excluded.slug`,
        titulo: sql`excluded.titulo`,
        html: sql`excluded.html`,
        actualizado: sql`excluded.actualizado`,
      },
      setWhere: sql`${informacion.actualizado} < excluded.actualizado`,
    });
}
