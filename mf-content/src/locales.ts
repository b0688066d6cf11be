/** Texts of the `content` namespace: the home page and the information pages. */
const esPE = {
  home: {
    eyebrow: 'Pasajes de bus interprovincial',
    title: 'Viaja seguro a 23 destinos del Perú',
    lead: 'Compra tu pasaje en línea, elige tu asiento en el mapa del bus y viaja cómodo por la costa, la sierra y la selva.',
    facts: {
      heading: 'Por qué viajar con nosotros',
      drivers: {
        title: 'Cambio de conductor cada 4 horas',
        body: 'Nuestros conductores se relevan cada 4 horas, para que siempre viajes con alguien descansado al volante.',
      },
      gps: {
        title: 'Monitoreo GPS 24/7',
        body: 'Seguimos cada bus por GPS las 24 horas del día, los 7 días de la semana, desde nuestra central de operaciones.',
      },
      destinations: {
        title: '23 destinos',
        body: 'Salidas diarias que unen Lima con Arequipa, Cusco, Trujillo, Tumbes y muchas ciudades más.',
      },
      age: {
        title: '{{edad}} años creando',
        body: 'viajes seguros y cómodos por todo el Perú desde {{fundacion}}.',
      },
    },
    seats: {
      heading: 'Elige cómo viajar',
      intro: 'Todas nuestras clases tienen puerto USB y aire acondicionado.',
      degrees: 'Reclinación de {{grados}}°',
      economy: {
        name: 'Económico',
        body: 'Butaca reclinable a 140° con apoyapiernas: la opción práctica para viajes cortos y de día.',
      },
      special: {
        name: 'Especial',
        body: 'Más espacio y reclinación a 160° para descansar bien en los viajes de noche.',
      },
      vip: {
        name: 'VIP cama',
        body: 'Se reclina por completo, a 180°, como una cama: duerme estirado en las rutas más largas.',
      },
      usb: 'Puerto USB para cargar tu celular',
      ac: 'Aire acondicionado',
    },
    postpone: {
      title: '¿Cambiaron tus planes?',
      body: 'Puedes postergar tu pasaje hasta 24 horas antes de la salida, a otro viaje de la misma ruta.',
      link: 'Conoce la política de postergación',
    },
  },
  information: {
    updated: 'Última actualización:',
    loading: 'Cargando la página…',
    error: {
      title: 'No pudimos cargar esta página',
      body: 'Revisa tu conexión a internet y vuelve a intentarlo.',
      retry: 'Intentar de nuevo',
    },
  },
};

/** Typed as the Spanish texts: a key missing or extra in English is a type error. */
const enEN: typeof esPE = {
  home: {
    eyebrow: 'Intercity bus tickets',
    title: 'Travel safely to 23 destinations in Peru',
    lead: 'Buy your ticket online, pick your seat on the bus map and travel in comfort along the coast, the Andes and the jungle.',
    facts: {
      heading: 'Why travel with us',
      drivers: {
        title: 'Driver Change Every 4 Hours',
        body: 'Our drivers take turns every 4 hours, so there is always someone well rested at the wheel.',
      },
      gps: {
        title: '24/7 GPS Monitoring',
        body: 'We follow every bus by GPS 24 hours a day, 7 days a week, from our operations center.',
      },
      destinations: {
        title: '23 Destinations',
        body: 'Daily departures linking Lima with Arequipa, Cusco, Trujillo, Tumbes and many more cities.',
      },
      age: {
        title: '{{edad}} Years Creating',
        body: 'safe and comfortable journeys all over Peru since {{fundacion}}.',
      },
    },
    seats: {
      heading: 'Choose how you travel',
      intro: 'Every class has a USB port and air conditioning.',
      degrees: '{{grados}}° recline',
      economy: {
        name: 'Economy',
        body: 'A seat that reclines to 140° with a leg rest: the practical choice for short and daytime trips.',
      },
      special: {
        name: 'Special',
        body: 'More room and a 160° recline to get a good rest on overnight trips.',
      },
      vip: {
        name: 'VIP bed',
        body: 'Reclines all the way to 180°, like a bed: sleep stretched out on the longest routes.',
      },
      usb: 'USB port to charge your phone',
      ac: 'Air conditioning',
    },
    postpone: {
      title: 'Change of plans?',
      body: 'You can postpone your ticket up to 24 hours before departure, to another trip on the same route.',
      link: 'Read the postponement policy',
    },
  },
  information: {
    updated: 'Last updated:',
    loading: 'Loading the page…',
    error: {
      title: 'We could not load this page',
      body: 'Check your internet connection and try again.',
      retry: 'Try again',
    },
  },
};

export const contentTexts = { 'es-PE': esPE, 'en-EN': enEN };
