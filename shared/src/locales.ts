import { complaintLabels } from './schemas/complaint.labels';

/**
 * Texts owned by `shared` itself (namespace `common`): not found, remote failures, loading, and
 * the identity fields' choices and hint that every form asking for a person's data shows.
 */
export const commonTexts = {
  'es-PE': {
    loading: 'Cargando…',
    identity: { documents: complaintLabels['es-PE'].documents, genders: complaintLabels['es-PE'].genders, phoneHint: 'Solo números' },
    notFound: {
      heading: 'No encontramos esta página',
      body: 'Puede que la dirección esté mal escrita o que la página ya no exista.',
      home: 'Volver al inicio',
    },
    push: {
      title: 'Avisos en este teléfono',
      button: 'Avisarme en este teléfono',
      purchase: {
        hint: 'Le avisaremos aquí si su viaje se retrasa o se cancela, y 24 h y 3 h antes de la salida.',
        on: 'Listo: recibirá en este teléfono los avisos de esta compra.',
      },
      account: {
        hint: 'Le avisaremos aquí si alguno de sus viajes se retrasa o se cancela, y 24 h y 3 h antes de cada salida.',
        on: 'Listo: recibirá en este teléfono los avisos de todos sus viajes.',
      },
      denied: 'Su navegador bloqueó los avisos de este sitio. Puede permitirlos en la configuración del navegador; los avisos también le llegan por correo.',
      failed: 'No pudimos activar los avisos en este teléfono. Vuelva a intentarlo; los avisos le llegan también por correo.',
    },
    remoteError: {
      title: 'Esta sección no se pudo cargar',
      body: 'El resto del sitio sigue funcionando. Vuelva a intentarlo en unos segundos.',
      retry: 'Intentar de nuevo',
    },
  },
  'en-EN': {
    loading: 'Loading…',
    identity: { documents: complaintLabels['en-EN'].documents, genders: complaintLabels['en-EN'].genders, phoneHint: 'Numbers only' },
    notFound: {
      heading: 'We could not find this page',
      body: 'The address may be mistyped, or the page may no longer exist.',
      home: 'Back to the home page',
    },
    push: {
      title: 'Notifications on this phone',
      button: 'Notify me on this phone',
      purchase: {
        hint: 'We will tell you here if your trip is delayed or cancelled, and 24 h and 3 h before departure.',
        on: "Done: this phone will get this purchase's notices.",
      },
      account: {
        hint: 'We will tell you here if any of your trips is delayed or cancelled, and 24 h and 3 h before each departure.',
        on: 'Done: this phone will get the notices of all your trips.',
      },
      denied: "Your browser blocks notifications from this site. You can allow them in the browser's settings; the notices also reach you by e-mail.",
      failed: 'We could not turn notifications on for this phone. Please try again; the notices also reach you by e-mail.',
    },
    remoteError: {
      title: 'This section could not be loaded',
      body: 'The rest of the site keeps working. Please try again in a few seconds.',
      retry: 'Try again',
    },
  },
};
