/**
 * The operator's network: terminals, the routes between them with their duration and base fare,
 * and the corridors that give each route its stops. Lima is the hub; regional links join
 * neighbouring cities. Durations and fares are those of the real roads, rounded.
 */
export interface TerminalSeed {
  cterminal: number;
  cciudad: number;
  nombre: string;
  direccion: string;
}

/** Terminal codes are city code × 10 + n, so a terminal's city is readable from its code. */
export const TERMINALS: readonly TerminalSeed[] = [
  { cterminal: 11, cciudad: 1, nombre: 'Terminal Arequipa', direccion: 'Av. Andrés Avelino Cáceres s/n, Terrapuerto, Arequipa' },
  { cterminal: 21, cciudad: 2, nombre: 'Terminal Cusco', direccion: 'Av. Vallejo Santoni cdra. 2, Santiago, Cusco' },
  { cterminal: 31, cciudad: 3, nombre: 'Terminal Trujillo', direccion: 'Av. Amazonas 437, Trujillo' },
  { cterminal: 41, cciudad: 4, nombre: 'Terminal Javier Prado', direccion: 'Av. Javier Prado Este 1155, La Victoria, Lima' },
  { cterminal: 42, cciudad: 4, nombre: 'Terminal Plaza Norte', direccion: 'Av. Tomás Valle s/n, Independencia, Lima' },
  { cterminal: 51, cciudad: 5, nombre: 'Terminal Tumbes', direccion: 'Av. Tumbes Norte 319, Tumbes' },
  { cterminal: 61, cciudad: 6, nombre: 'Terminal Piura', direccion: 'Av. Loreto 1161, Piura' },
  { cterminal: 71, cciudad: 7, nombre: 'Terminal Chiclayo', direccion: 'Av. Bolognesi 888, Chiclayo' },
  { cterminal: 81, cciudad: 8, nombre: 'Terminal Ica', direccion: 'Av. Municipalidad 248, Ica' },
  { cterminal: 91, cciudad: 9, nombre: 'Terminal Nasca', direccion: 'Av. Los Incas 120, Nasca' },
  { cterminal: 101, cciudad: 10, nombre: 'Terminal Tacna', direccion: 'Av. Hipólito Unanue s/n, Terminal Collasuyo, Tacna' },
  { cterminal: 111, cciudad: 11, nombre: 'Terminal Puno', direccion: 'Jr. Primero de Mayo 703, Puno' },
  { cterminal: 121, cciudad: 12, nombre: 'Terminal Juliaca', direccion: 'Jr. San Martín 950, Juliaca' },
  { cterminal: 131, cciudad: 13, nombre: 'Terminal Huancayo', direccion: 'Av. Ferrocarril 151, Huancayo' },
  { cterminal: 141, cciudad: 14, nombre: 'Terminal Ayacucho', direccion: 'Av. Javier Pérez de Cuéllar s/n, Ayacucho' },
  { cterminal: 151, cciudad: 15, nombre: 'Terminal Huaraz', direccion: 'Jr. Simón Bolívar 452, Huaraz' },
  { cterminal: 161, cciudad: 16, nombre: 'Terminal Cajamarca', direccion: 'Av. Atahualpa 606, Cajamarca' },
  { cterminal: 171, cciudad: 17, nombre: 'Terminal Máncora', direccion: 'Av. Grau 208, Máncora' },
  { cterminal: 181, cciudad: 18, nombre: 'Terminal Chimbote', direccion: 'Av. Meiggs 1250, Chimbote' },
  { cterminal: 191, cciudad: 19, nombre: 'Terminal Paracas', direccion: 'Av. Paracas s/n, Paracas' },
  { cterminal: 201, cciudad: 20, nombre: 'Terminal Moquegua', direccion: 'Av. Ejército s/n, Moquegua' },
  { cterminal: 211, cciudad: 21, nombre: 'Terminal Ilo', direccion: 'Calle Matará 325, Ilo' },
  { cterminal: 221, cciudad: 22, nombre: 'Terminal Abancay', direccion: 'Av. Arenas 210, Abancay' },
  { cterminal: 231, cciudad: 23, nombre: 'Terminal Chachapoyas', direccion: 'Jr. Salamanca 650, Chachapoyas' },
];

/** Lima's terminal for each direction: the north from Plaza Norte, everything else from Javier Prado. */
const LIMA_SOUTH = 41;
const LIMA_NORTH = 42;

/** From Lima: hours on the road and base fare (S/, economy). */
interface Leg {
  cciudad: number;
  horas: number;
  tarifa: number;
  norte?: boolean;
}

const FROM_LIMA: readonly Leg[] = [
  { cciudad: 1, horas: 16, tarifa: 70 },
  { cciudad: 2, horas: 21, tarifa: 90 },
  { cciudad: 3, horas: 9, tarifa: 50, norte: true },
  { cciudad: 5, horas: 19, tarifa: 85, norte: true },
  { cciudad: 6, horas: 15, tarifa: 75, norte: true },
  { cciudad: 7, horas: 12, tarifa: 60, norte: true },
  { cciudad: 8, horas: 4.5, tarifa: 30 },
  { cciudad: 9, horas: 7, tarifa: 40 },
  { cciudad: 10, horas: 18, tarifa: 85 },
  { cciudad: 11, horas: 21, tarifa: 95 },
  { cciudad: 12, horas: 20, tarifa: 90 },
  { cciudad: 13, horas: 7, tarifa: 40 },
  { cciudad: 14, horas: 9, tarifa: 50 },
  { cciudad: 15, horas: 8, tarifa: 45, norte: true },
  { cciudad: 16, horas: 14, tarifa: 70, norte: true },
  { cciudad: 17, horas: 17, tarifa: 85, norte: true },
  { cciudad: 18, horas: 6, tarifa: 35, norte: true },
  { cciudad: 19, horas: 3.5, tarifa: 30 },
  { cciudad: 20, horas: 17, tarifa: 80 },
  { cciudad: 21, horas: 17, tarifa: 80 },
  { cciudad: 22, horas: 15, tarifa: 75 },
  { cciudad: 23, horas: 21, tarifa: 95, norte: true },
];

/** Regional links (both directions). */
const REGIONAL: readonly { a: number; b: number; horas: number; tarifa: number }[] = [
  { a: 1, b: 2, horas: 10, tarifa: 60 },
  { a: 1, b: 11, horas: 6, tarifa: 35 },
  { a: 1, b: 10, horas: 6, tarifa: 35 },
  { a: 1, b: 20, horas: 3.5, tarifa: 25 },
  { a: 2, b: 11, horas: 7, tarifa: 40 },
  { a: 3, b: 7, horas: 3.5, tarifa: 25 },
  { a: 7, b: 6, horas: 3.5, tarifa: 25 },
  { a: 6, b: 5, horas: 4.5, tarifa: 30 },
  { a: 6, b: 17, horas: 3, tarifa: 25 },
  { a: 3, b: 16, horas: 6, tarifa: 35 },
];

/**
 * Corridors in road order; a route along one stops at the cities between its ends. A route's
 * stops are taken from the first corridor that holds both of its cities.
 */
const CORRIDORS: readonly number[][] = [
  [4, 19, 8, 9, 1, 20, 10],
  [4, 18, 3, 7, 6, 17, 5],
  [4, 8, 9, 22, 2],
  [4, 1, 12, 11],
];

export interface RouteSeed {
  cruta: number;
  cterminal_origen: number;
  cterminal_destino: number;
  duracion_min: number;
  precio_base: number;
  escalas: { cciudad: number; minutos: number }[];
  /** Daily departures: time (HH:MM, Lima time) and the layout of the bus that runs it. */
  horarios: { hora: string; cmaqueta: number }[];
}

const terminalOf = (cciudad: number, norte = false) =>
  cciudad === 4 ? (norte ? LIMA_NORTH : LIMA_SOUTH) : cciudad * 10 + 1;

/** Night departures for long routes (people sleep on the bus), day departures for short ones. */
function schedule(horas: number): RouteSeed['horarios'] {
  const departures: [string, number][] =
    horas >= 12
      ? [['08:00', 2], ['17:30', 2], ['20:00', 1], ['21:30', 1]]
      : horas >= 6
        ? [['07:00', 3], ['13:00', 2], ['21:00', 1], ['22:30', 2]]
        : [['06:00', 3], ['09:30', 3], ['13:00', 2], ['16:30', 3], ['19:00', 2]];
  return departures.map(([hora, cmaqueta]) => ({ hora, cmaqueta }));
}

/** Stops between `from` and `to`, their time spread in proportion to their place on the corridor. */
function stops(from: number, to: number, minutes: number): RouteSeed['escalas'] {
  for (const corridor of CORRIDORS) {
    const i = corridor.indexOf(from);
    const j = corridor.indexOf(to);
    if (i < 0 || j < 0) continue;
    const path = i < j ? corridor.slice(i, j + 1) : corridor.slice(j, i + 1).reverse();
    const legs = path.length - 1;
    return path.slice(1, -1).map((cciudad, k) => ({ cciudad, minutos: Math.round((minutes * (k + 1)) / legs / 5) * 5 }));
  }
  return [];
}

function buildRoutes(): RouteSeed[] {
  const legs = [
    ...FROM_LIMA.map((leg) => ({ a: 4, b: leg.cciudad, horas: leg.horas, tarifa: leg.tarifa, norte: leg.norte })),
    ...REGIONAL.map((link) => ({ ...link, norte: false })),
  ];
  const routes: RouteSeed[] = [];
  for (const leg of legs) {
    for (const [from, to] of [
      [leg.a, leg.b],
      [leg.b, leg.a],
    ] as const) {
      const duracion_min = Math.round(leg.horas * 60);
      routes.push({
        cruta: routes.length + 1,
        cterminal_origen: terminalOf(from, leg.norte),
        cterminal_destino: terminalOf(to, leg.norte),
        duracion_min,
        precio_base: leg.tarifa,
        escalas: stops(from, to, duracion_min),
        horarios: schedule(leg.horas),
      });
    }
  }
  return routes;
}

export const ROUTES: readonly RouteSeed[] = buildRoutes();
