/** The English texts (en-EN), a chunk of their own: loaded when a customer first picks English. */
import type { Texts } from './locales';

export const enEN: Texts = {
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
