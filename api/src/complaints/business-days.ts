import { LIMA_TIME_ZONE } from '@rumbo/shared/schemas';
import { TZDate } from '@date-fns/tz';
import { addDays, format, isWeekend } from 'date-fns';

export const LIMA = LIMA_TIME_ZONE;

/**
 * Peru's fixed-date national holidays (MM-dd). Holy Thursday and Good Friday move with Easter
 * and are not listed: in those weeks the deadline comes one or two days early, which only
 * shortens the operator's own time to answer, never the consumer's.
 */
const FIXED_HOLIDAYS = new Set([
  '01-01', // Año Nuevo
  '05-01', // Día del Trabajo
  '06-07', // Batalla de Arica y Día de la Bandera
  '06-29', // San Pedro y San Pablo
  '07-23', // Día de la Fuerza Aérea del Perú
  '07-28', // Fiestas Patrias
  '07-29', // Fiestas Patrias
  '08-06', // Batalla de Junín
  '08-30', // Santa Rosa de Lima
  '10-08', // Combate de Angamos
  '11-01', // Todos los Santos
  '12-08', // Inmaculada Concepción
  '12-09', // Batalla de Ayacucho
  '12-25', // Navidad
]);

/** Whether the Lima calendar day of `day` is a working day (not a weekend, not a holiday). */
export function isBusinessDay(day: Date): boolean {
  const lima = new TZDate(day, LIMA);
  return !isWeekend(lima) && !FIXED_HOLIDAYS.has(format(lima, 'MM-dd'));
}

/**
 * The Lima calendar date (YYYY-MM-DD) `days` business days after the Lima day of `from`;
 * counting starts the next day, so the filing day itself never counts.
 */
export function addBusinessDaysInLima(from: Date, days: number): string {
  let day = new TZDate(from, LIMA);
  for (let counted = 0; counted < days; ) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) counted += 1;
  }
  return format(day, 'yyyy-MM-dd');
}
