import { salesMessages } from './sales.messages';

/**
 * Texts of the `validation` i18n namespace, shared by the browser (react-i18next) and the API
 * (answers in the caller's language). The es-PE complaint texts are the spec's (§5), verbatim.
 */
export const validationMessages = {
  'es-PE': {
    'complaint.nacimiento.required': 'Seleccione su fecha de nacimiento',
    'complaint.genero.required': 'Seleccione su género',
    'complaint.documento.required': 'Seleccione el tipo de documento',
    'complaint.numero.required': 'Digite su número de documento',
    'complaint.numero.dni': 'El DNI debe tener 8 caracteres',
    'complaint.numero.ce': 'El CE debe tener 12 caracteres',
    'complaint.numero.pasaporte': 'El PASAPORTE debe tener 15 caracteres',
    'complaint.numero.numeric': 'El campo número de documento es numérico',
    'complaint.datos.required': 'Complete el campo nombres',
    'complaint.paterno.required': 'Complete el campo apellido paterno',
    'complaint.materno.required': 'Complete el campo apellido materno',
    'complaint.direccion.required': 'Complete su dirección',
    'complaint.telefono.required': 'Complete su teléfono',
    'complaint.telefono.numeric': 'El campo teléfono es numérico',
    'complaint.correo.required': 'Complete su email',
    'complaint.correo.format': 'El formato del email es inválido',
    'complaint.tipo_reclamo.required': 'Seleccione el tipo de reclamo',
    'complaint.motivo.required': 'Seleccione el motivo de su reclamo',
    'complaint.viaje.required': 'Seleccione la fecha y hora de su viaje',
    'complaint.destino.required': 'Seleccione la ciudad de destino',
    'complaint.detalle.required': 'Complete el detalle',
    'complaint.detalle.max': 'El detalle debe tener máximo 500 caracteres',
    'complaint.nombres.max': 'Los nombres y apellidos son demasiado largos',
    'complaint.direccion.max': 'La dirección debe tener máximo 200 caracteres',
    'complaint.telefono.max': 'El teléfono debe tener máximo 15 dígitos',
    'complaint.correo.max': 'El email debe tener máximo 120 caracteres',
    'complaint.resultado.max': 'El pedido debe tener máximo 500 caracteres',
    'trip.origen.required': 'Seleccione el origen',
    'trip.destino.required': 'Seleccione el destino',
    'trip.destino.same': 'El origen y el destino deben ser distintos',
    'trip.fecha.required': 'Seleccione la fecha de viaje',
    'trip.fecha.past': 'La fecha de viaje no puede ser anterior a hoy',
    'trip.fecha.far': 'Solo vendemos pasajes para los próximos 60 días',
    'trip.regreso.before': 'La fecha de regreso no puede ser anterior a la de ida',
    'trip.pasajeros.range': 'Elija de 1 a 5 pasajeros',
    'trip.channel': 'Canal de venta no válido',
    'trip.closed': 'Este viaje ya no está a la venta',
    'seat.taken': 'Alguien acaba de tomar este asiento. Actualizamos el mapa: elija otro.',
    'seat.limit': 'Puede elegir como máximo 5 asientos por compra',
    'seat.notHeld': 'Este asiento ya no está reservado para usted',
    'request.invalid': 'La solicitud no es válida',
    'request.tooMany': 'Demasiadas solicitudes. Inténtelo de nuevo en unos minutos.',
    'request.unauthorized': 'Su sesión no es válida. Vuelva a iniciar sesión.',
    'request.notFound': 'No encontramos lo que busca',
    'request.failed': 'No pudimos completar la solicitud. Inténtelo de nuevo.',
    ...salesMessages['es-PE'],
  },
  'en-EN': {
    'complaint.nacimiento.required': 'Select your date of birth',
    'complaint.genero.required': 'Select your gender',
    'complaint.documento.required': 'Select the document type',
    'complaint.numero.required': 'Enter your document number',
    'complaint.numero.dni': 'The DNI must have 8 characters',
    'complaint.numero.ce': 'The CE must have 12 characters',
    'complaint.numero.pasaporte': 'The PASSPORT must have 15 characters',
    'complaint.numero.numeric': 'The document number field is numeric',
    'complaint.datos.required': 'Complete the first names field',
    'complaint.paterno.required': 'Complete the paternal surname field',
    'complaint.materno.required': 'Complete the maternal surname field',
    'complaint.direccion.required': 'Complete your address',
    'complaint.telefono.required': 'Complete your phone number',
    'complaint.telefono.numeric': 'The phone field is numeric',
    'complaint.correo.required': 'Complete your email',
    'complaint.correo.format': 'The email format is invalid',
    'complaint.tipo_reclamo.required': 'Select the type of complaint',
    'complaint.motivo.required': 'Select the reason for your complaint',
    'complaint.viaje.required': 'Select the date and time of your trip',
    'complaint.destino.required': 'Select the destination city',
    'complaint.detalle.required': 'Complete the detail',
    'complaint.detalle.max': 'The detail must have at most 500 characters',
    'complaint.nombres.max': 'The names and surnames are too long',
    'complaint.direccion.max': 'The address must have at most 200 characters',
    'complaint.telefono.max': 'The phone must have at most 15 digits',
    'complaint.correo.max': 'The email must have at most 120 characters',
    'complaint.resultado.max': 'The request must have at most 500 characters',
    'trip.origen.required': 'Select the origin',
    'trip.destino.required': 'Select the destination',
    'trip.destino.same': 'Origin and destination must be different',
    'trip.fecha.required': 'Select the travel date',
    'trip.fecha.past': 'The travel date cannot be before today',
    'trip.fecha.far': 'Tickets are on sale for the next 60 days only',
    'trip.regreso.before': 'The return date cannot be before the outbound date',
    'trip.pasajeros.range': 'Choose 1 to 5 passengers',
    'trip.channel': 'Invalid sales channel',
    'trip.closed': 'This trip is no longer on sale',
    'seat.taken': 'Someone has just taken this seat. We updated the map: please pick another.',
    'seat.limit': 'You can pick at most 5 seats per purchase',
    'seat.notHeld': 'This seat is no longer held for you',
    'request.invalid': 'The request is not valid',
    'request.tooMany': 'Too many requests. Please try again in a few minutes.',
    'request.unauthorized': 'Your session is not valid. Please sign in again.',
    'request.notFound': 'We could not find what you are looking for',
    'request.failed': 'We could not complete the request. Please try again.',
    ...salesMessages['en-EN'],
  },
} as const;

export type Language = keyof typeof validationMessages;
export type ValidationKey = keyof (typeof validationMessages)['es-PE'];
export const LANGUAGES = ['es-PE', 'en-EN'] as const satisfies readonly Language[];
export const DEFAULT_LANGUAGE: Language = 'es-PE';

/** The supported language a request or a stored choice names, else the default (es-PE). */
export function toLanguage(value: string | null | undefined): Language {
  if (!value) return DEFAULT_LANGUAGE;
  const lower = value.toLowerCase();
  return lower.startsWith('en') ? 'en-EN' : DEFAULT_LANGUAGE;
}

/** The text of a validation key in a language; unknown keys read as the generic message. */
export function validationText(language: Language, key: string): string {
  const table = validationMessages[language] as Record<string, string>;
  return table[key] ?? table['request.invalid']!;
}
