/** Texts owned by `shared` itself (namespace `common`): not found, remote failures, loading. */
export const commonTexts = {
  'es-PE': {
    loading: 'Cargando…',
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
