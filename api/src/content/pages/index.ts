import { LIBRO_RECLAMACIONES } from './libro-reclamaciones';
import type { InformationPageSeed } from './page';
import { POLITICA_POSTERGACION } from './politica-postergacion';
import { PROTECCION_DATOS } from './proteccion-datos';
import { TERMINOS_CONDICIONES } from './terminos-condiciones';

export type { InformationPageSeed } from './page';

/** Ids 2, 3 and 4 are the spec's (`/rest/informacion/2` terms, `/3` privacy, `/4` postponement). */
export const INFORMATION_PAGES: readonly InformationPageSeed[] = [
  LIBRO_RECLAMACIONES,
  TERMINOS_CONDICIONES,
  PROTECCION_DATOS,
  POLITICA_POSTERGACION,
];
