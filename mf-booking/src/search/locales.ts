import type { PackageTexts } from '@rumbo/shared';
import { tripMessages } from '@rumbo/shared/schemas';

/**
 * The search widget's texts (namespace `bookingSearch`), apart from the rest of the purchase's:
 * the widget is also a parcel on the home and destination pages, which then carry only these.
 */
const esPE = {
  search: {
    title: 'Busca tu pasaje',
    origen: 'Origen',
    destino: 'Destino',
    cityPlaceholder: 'Escriba una ciudad',
    noCity: 'No hay ciudades con ese nombre',
    openList: 'Ver ciudades',
    typeCity: 'Escribe el nombre o el código de la ciudad',
    fecha: 'Fecha de ida',
    regreso: 'Fecha de regreso (opcional)',
    pasajeros: 'Pasajeros',
    pasajero_one: '{{count}} pasajero',
    pasajero_other: '{{count}} pasajeros',
    swap: 'Intercambiar origen y destino',
    submit: 'Buscar pasajes',
    loading: 'Cargando las ciudades…',
    failed: 'No pudimos cargar las ciudades.',
    retry: 'Reintentar',
  },
};

const enEN: typeof esPE = {
  search: {
    title: 'Find your ticket',
    origen: 'From',
    destino: 'To',
    cityPlaceholder: 'Type a city',
    noCity: 'No city by that name',
    openList: 'Show cities',
    typeCity: "Type the city's name or code",
    fecha: 'Departure date',
    regreso: 'Return date (optional)',
    pasajeros: 'Passengers',
    pasajero_one: '{{count}} passenger',
    pasajero_other: '{{count}} passengers',
    swap: 'Swap origin and destination',
    submit: 'Search tickets',
    loading: 'Loading cities…',
    failed: 'We could not load the cities.',
    retry: 'Try again',
  },
};

export const searchTexts = { 'es-PE': esPE, 'en-EN': enEN };

/** What the search parcel registers: its texts, and the messages of its form. */
export const searchRemoteTexts: PackageTexts = { ns: 'bookingSearch', translations: searchTexts, messages: [tripMessages] };
