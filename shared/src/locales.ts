/** Texts owned by `shared` itself (namespace `common`): remote failures, loading. */
export const commonTexts = {
  'es-PE': {
    loading: 'Cargando…',
    remoteError: {
      title: 'Esta sección no se pudo cargar',
      body: 'El resto del sitio sigue funcionando. Vuelva a intentarlo en unos segundos.',
      retry: 'Intentar de nuevo',
    },
  },
  'en-EN': {
    loading: 'Loading…',
    remoteError: {
      title: 'This section could not be loaded',
      body: 'The rest of the site keeps working. Please try again in a few seconds.',
      retry: 'Try again',
    },
  },
};
