/** Messages any request may answer (bad input, too many tries, session, not found, failure). Part of the `validation` namespace. */
export const requestMessages = {
  'es-PE': {
    'request.invalid': 'La solicitud no es válida',
    'request.tooMany': 'Demasiadas solicitudes. Inténtelo de nuevo en unos minutos.',
    'request.unauthorized': 'Su sesión no es válida. Vuelva a iniciar sesión.',
    'request.notFound': 'No encontramos lo que busca',
    'request.failed': 'No pudimos completar la solicitud. Inténtelo de nuevo.',
    'request.unavailable': 'El servicio no está disponible en este momento. Inténtelo de nuevo en unos minutos.',
    'request.concurrent': 'Otra operación cambió esto al mismo tiempo. Revise el estado y vuelva a intentarlo.',
    'request.text.characters': 'El texto tiene caracteres no permitidos (de control o invisibles). Escríbalo de nuevo sin ellos.',
  },
  'en-EN': {
    'request.invalid': 'The request is not valid',
    'request.tooMany': 'Too many requests. Please try again in a few minutes.',
    'request.unauthorized': 'Your session is not valid. Please sign in again.',
    'request.notFound': 'We could not find what you are looking for',
    'request.failed': 'We could not complete the request. Please try again.',
    'request.unavailable': 'The service is not available right now. Please try again in a few minutes.',
    'request.concurrent': 'Another operation changed this at the same time. Check its state and try again.',
    'request.text.characters': 'The text has characters that are not allowed (control or invisible characters). Please type it again without them.',
  },
} as const;
