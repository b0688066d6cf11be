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
    remoteError: {
      title: 'This section could not be loaded',
      body: 'The rest of the site keeps working. Please try again in a few seconds.',
      retry: 'Try again',
    },
  },
};
