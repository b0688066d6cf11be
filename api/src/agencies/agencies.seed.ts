import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { TERMINALS } from '../trips/network';
import { agencia } from './agencies.tables';

type AgencySeed = typeof agencia.$inferInsert;

/** Where each terminal is (the city's bus terminal area), by terminal code. */
const TERMINAL_PLACES: Record<number, { lat: number; lng: number; telefono: string }> = {
  11: { lat: -16.4237, lng: -71.5435, telefono: '(054) 428-110' },
  21: { lat: -13.5345, lng: -71.9622, telefono: '(084) 224-210' },
  31: { lat: -8.1059, lng: -79.0257, telefono: '(044) 245-310' },
  41: { lat: -12.0886, lng: -77.0176, telefono: '(01) 708-5041' },
  42: { lat: -11.9936, lng: -77.0618, telefono: '(01) 708-5042' },
  51: { lat: -3.5669, lng: -80.4515, telefono: '(072) 523-510' },
  61: { lat: -5.1945, lng: -80.6328, telefono: '(073) 306-610' },
  71: { lat: -6.7714, lng: -79.8409, telefono: '(074) 237-710' },
  81: { lat: -14.0678, lng: -75.7286, telefono: '(056) 234-810' },
  91: { lat: -14.8309, lng: -74.9389, telefono: '(056) 522-910' },
  101: { lat: -18.0146, lng: -70.2536, telefono: '(052) 427-101' },
  111: { lat: -15.8402, lng: -70.0219, telefono: '(051) 364-111' },
  121: { lat: -15.4997, lng: -70.1333, telefono: '(051) 322-121' },
  131: { lat: -12.0651, lng: -75.2049, telefono: '(064) 217-131' },
  141: { lat: -13.1588, lng: -74.2232, telefono: '(066) 312-141' },
  151: { lat: -9.5278, lng: -77.5278, telefono: '(043) 421-151' },
  161: { lat: -7.1638, lng: -78.5003, telefono: '(076) 363-161' },
  171: { lat: -4.1039, lng: -81.0475, telefono: '(073) 258-171' },
  181: { lat: -9.0745, lng: -78.5936, telefono: '(043) 321-181' },
  191: { lat: -13.8331, lng: -76.25, telefono: '(056) 545-191' },
  201: { lat: -17.1956, lng: -70.9353, telefono: '(053) 461-201' },
  211: { lat: -17.6394, lng: -71.3375, telefono: '(053) 481-211' },
  221: { lat: -13.6339, lng: -72.8814, telefono: '(083) 321-221' },
  231: { lat: -6.2317, lng: -77.869, telefono: '(041) 477-231' },
};

/** Every terminal sells tickets and takes cargo, every day, 05:00 to 23:00. Code = terminal code. */
const TERMINAL_AGENCIES: AgencySeed[] = TERMINALS.map((t) => {
  const place = TERMINAL_PLACES[t.cterminal];
  if (!place) throw new Error(`No place for terminal ${t.cterminal}`);
  return {
    cagencia: t.cterminal,
    cciudad: t.cciudad,
    cterminal: t.cterminal,
    nombre: t.nombre,
    direccion: t.direccion,
    latitud: place.lat,
    longitud: place.lng,
    telefono: place.telefono,
    dias: 'todos',
    abre: '05:00',
    cierra: '23:00',
    pasajes: true,
    carga: true,
  };
});

/** Sales points in town (codes from 1001): tickets, some also take parcels. */
const TOWN_AGENCIES: AgencySeed[] = [
  { cagencia: 1001, cciudad: 4, nombre: 'Agencia Miraflores', direccion: 'Av. José Larco 812, Miraflores, Lima', latitud: -12.1264, longitud: -77.0297, telefono: '(01) 708-5101', dias: 'lun-sab', abre: '09:00', cierra: '20:00', pasajes: true, carga: false },
  { cagencia: 1002, cciudad: 4, nombre: 'Agencia Cercado de Lima', direccion: 'Jr. Lampa 1021, Cercado de Lima', latitud: -12.0508, longitud: -77.0307, telefono: '(01) 708-5102', dias: 'lun-sab', abre: '08:00', cierra: '19:00', pasajes: true, carga: true },
  { cagencia: 1003, cciudad: 4, nombre: 'Agencia San Miguel', direccion: 'Av. La Marina 2355, San Miguel, Lima', latitud: -12.0773, longitud: -77.0934, telefono: '(01) 708-5103', dias: 'todos', abre: '10:00', cierra: '21:00', pasajes: true, carga: false },
  { cagencia: 1011, cciudad: 1, nombre: 'Agencia Arequipa Centro', direccion: 'Calle San Juan de Dios 310, Arequipa', latitud: -16.4025, longitud: -71.5335, telefono: '(054) 428-120', dias: 'lun-sab', abre: '08:30', cierra: '19:30', pasajes: true, carga: true },
  { cagencia: 1021, cciudad: 2, nombre: 'Agencia Cusco Centro', direccion: 'Av. El Sol 520, Cusco', latitud: -13.5226, longitud: -71.9733, telefono: '(084) 224-220', dias: 'todos', abre: '08:00', cierra: '20:00', pasajes: true, carga: false },
  { cagencia: 1031, cciudad: 3, nombre: 'Agencia Trujillo Centro', direccion: 'Jr. Pizarro 640, Trujillo', latitud: -8.1116, longitud: -79.0288, telefono: '(044) 245-320', dias: 'lun-sab', abre: '09:00', cierra: '19:00', pasajes: true, carga: true },
  { cagencia: 1051, cciudad: 5, nombre: 'Agencia Zarumilla', direccion: 'Av. Grau 115, Zarumilla, Tumbes', latitud: -3.5014, longitud: -80.2752, telefono: '(072) 523-520', dias: 'lun-sab', abre: '08:00', cierra: '18:00', pasajes: true, carga: true },
];

export const AGENCIES: readonly AgencySeed[] = [...TERMINAL_AGENCIES, ...TOWN_AGENCIES];

/** Agencies follow the code at every start. */
export async function seedAgencies(db: Database): Promise<void> {
  await db
    .insert(agencia)
    .values([...AGENCIES])
    .onConflictDoUpdate({
      target: agencia.cagencia,
      set: Object.fromEntries(
        ['cciudad', 'cterminal', 'nombre', 'direccion', 'latitud', 'longitud', 'telefono', 'dias', 'abre', 'cierra', 'pasajes', 'carga'].map(
          (column) => [column, sql.raw(`excluded.${column}`)],
        ),
      ),
    });
}
