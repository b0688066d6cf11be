import type { Language } from '@rumbo/shared/schemas';

/** Seed of one information page: same id and slug in every language. */
export interface InformationPageSeed {
  id: number;
  slug: string;
  /** Date of this version (YYYY-MM-DD): a newer one replaces the stored text at the next start. */
  actualizado: string;
  texts: Record<Language, { titulo: string; html: string }>;
}
