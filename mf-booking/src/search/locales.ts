import { bundledSpanish, type PackageTexts } from '@rumbo/shared';
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

/** The shape of the texts: English (`locales.en.ts`) must have exactly these keys. */
export type Texts = typeof esPE;

export const searchTexts = bundledSpanish(esPE, () => import(/* webpackChunkName: "search-texts-en" */ './locales.en').then((module) => module.enEN));

/** What the search parcel registers: its texts, and the messages of its form. */
export const searchPackageTexts: PackageTexts = { ns: 'bookingSearch', translations: searchTexts, messages: [tripMessages] };
