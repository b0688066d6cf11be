import { TZDate } from '@date-fns/tz';
import { limaTime, type Language } from '@rumbo/shared/schemas';
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import { OPERATOR } from '../operator';
import { BOARDING_LEAD_MINUTES, type PocketLeg, type PocketReservation } from './pocket-view';

/** Departures are Lima's wall-clock times; every entry is written in this zone. */
export const LIMA_ZONE = 'America/Lima';

/**
 * Lima's VTIMEZONE. Peru has kept UTC-5 without daylight saving since 1994 (IANA tzdata,
 * `America/Lima`), so one STANDARD rule describes every date a ticket can carry.
 */
function limaTimezone(name: string): string | null {
  if (name !== LIMA_ZONE) return null;
  return ['BEGIN:VTIMEZONE', `TZID:${LIMA_ZONE}`, 'X-LIC-LOCATION:America/Lima', 'BEGIN:STANDARD', 'TZOFFSETFROM:-0500', 'TZOFFSETTO:-0500', 'TZNAME:-05', 'DTSTART:19700101T000000', 'END:STANDARD', 'END:VTIMEZONE'].join('\r\n');
}

const TEXTS = {
  'es-PE': {
    calendar: `Viajes ${OPERATOR.marca}`,
    summary: (leg: PocketLeg) => `Bus ${leg.origen} → ${leg.destino} (${OPERATOR.marca})`,
    purchase: (codigo: string) => `Compra ${codigo}`,
    departure: (time: string) => `Salida: ${time} (hora de Lima)`,
    boarding: (time: string) => `Embarque: preséntese a las ${time} (${BOARDING_LEAD_MINUTES} minutos antes) con su documento de identidad`,
    terminal: (leg: PocketLeg) => `Terminal de embarque: ${leg.terminal_origen}, ${leg.direccion_origen} (${leg.origen})`,
    alighting: (leg: PocketLeg) => `Desembarque: ${leg.terminal_destino}, ${leg.direccion_destino} (${leg.destino})`,
    seat: (name: string, seat: number, deck: number, numero: string) => `${name}: asiento ${seat}, piso ${deck === 16 ? 2 : 1} (boleto ${numero})`,
    link: 'Sus boletos',
    alarm: 'Hora de embarque',
  },
  'en-EN': {
    calendar: `${OPERATOR.marca} trips`,
    summary: (leg: PocketLeg) => `Bus ${leg.origen} → ${leg.destino} (${OPERATOR.marca})`,
    purchase: (codigo: string) => `Purchase ${codigo}`,
    departure: (time: string) => `Departure: ${time} (Lima time)`,
    boarding: (time: string) => `Boarding: be there by ${time} (${BOARDING_LEAD_MINUTES} minutes before) with your identity document`,
    terminal: (leg: PocketLeg) => `Boarding terminal: ${leg.terminal_origen}, ${leg.direccion_origen} (${leg.origen})`,
    alighting: (leg: PocketLeg) => `Alighting: ${leg.terminal_destino}, ${leg.direccion_destino} (${leg.destino})`,
    seat: (name: string, seat: number, deck: number, numero: string) => `${name}: seat ${seat}, deck ${deck === 16 ? 2 : 1} (ticket ${numero})`,
    link: 'Your tickets',
    alarm: 'Boarding time',
  },
} as const;

/**
 * The purchase's trips as an iCalendar file: one event per trip from departure at the boarding
 * stop to arrival, at the boarding terminal's address, with the boarding time (an alarm then),
 * the passengers' seats and `link` back to the tickets. Times in America/Lima.
 */
export function ticketsCalendar(reservation: PocketReservation, language: Language, link: string | undefined, stamp: Date): string {
  const t = TEXTS[language];
  const calendar = ical({
    name: t.calendar,
    prodId: { company: OPERATOR.marca, product: 'boletos', language: language === 'en-EN' ? 'EN' : 'ES' },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: LIMA_ZONE, generator: limaTimezone },
  });
  for (const leg of reservation.legs) {
    const lines = [
      t.purchase(reservation.codigo),
      t.departure(limaTime(leg.salida, language)),
      t.boarding(limaTime(leg.embarque, language)),
      t.terminal(leg),
      t.alighting(leg),
      ...leg.boletos.map((b) => t.seat(b.pasajero, b.nasiento, b.gnivel_piso, b.numero)),
      ...(link ? [`${t.link}: ${link}`] : []),
    ];
    calendar.createEvent({
      // Stable per purchase and trip: a calendar that imports the file again updates the same entry.
      id: `${reservation.codigo}-${leg.cviaje}@rumboandino.pe`,
      stamp,
      start: new TZDate(leg.salida, LIMA_ZONE),
      end: new TZDate(leg.llegada, LIMA_ZONE),
      timezone: LIMA_ZONE,
      summary: t.summary(leg),
      location: `${leg.terminal_origen}, ${leg.direccion_origen}, ${leg.origen}, Perú`,
      description: lines.join('\n'),
      ...(link ? { url: link } : {}),
      alarms: [{ type: ICalAlarmType.display, trigger: BOARDING_LEAD_MINUTES * 60, description: t.alarm }],
    });
  }
  return calendar.toString();
}
