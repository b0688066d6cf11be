import { bundledSpanish, type PackageTexts } from '@rumbo/shared';
import { companyMessages, subscriptionMessages } from '@rumbo/shared/schemas';

/** Texts of the `content` namespace: home, information pages, agencies, promotions, corporate, destinations. */
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
  search: {
    title: 'Busca tu pasaje',
    loading: 'Cargando el buscador de pasajes…',
    unavailable: 'El buscador de pasajes no está disponible en este momento.',
    link: 'Ir a la compra de pasajes',
  },
  common: {
    from: 'desde',
    fromPrice: 'Desde {{precio}}',
    noPrice: 'Sin salidas a la venta',
    hours: '{{horas}} h',
    loadError: 'No pudimos cargar esta información. Revisa tu conexión e inténtalo de nuevo.',
    retry: 'Intentar de nuevo',
    loading: 'Cargando…',
  },
  homeSections: {
    promotions: 'Promociones vigentes',
    allPromotions: 'Ver todas las promociones',
    destinations: 'Destinos populares',
    destinationsLead: 'Precios desde, en los próximos 30 días.',
    agencies: 'Agencias cerca de ti',
    agenciesCity: 'Tu ciudad',
    allAgencies: 'Ver todas las agencias',
    corporate: '¿Viajas por trabajo?',
    corporateBody: 'Cuentas corporativas para empresas: facturación mensual, tarifas preferentes y envíos de carga.',
    corporateLink: 'Conoce los servicios corporativos',
  },
  agencies: {
    title: 'Nuestras agencias',
    lead: 'Encuentra una agencia o terminal para comprar pasajes o enviar carga.',
    city: 'Ciudad',
    allCities: 'Todas las ciudades',
    service: 'Servicio',
    anyService: 'Todos los servicios',
    count_one: '{{count}} agencia',
    count_other: '{{count}} agencias',
    empty: 'No hay agencias con ese filtro.',
    map: 'Mapa de agencias',
    mapLoading: 'Cargando el mapa…',
    mapError: 'No pudimos cargar el mapa. La lista de agencias sigue disponible.',
    address: 'Dirección',
    hours: 'Horario',
    phone: 'Teléfono',
    services: 'Servicios',
    tickets: 'Pasajes',
    cargo: 'Carga y encomiendas',
    terminal: 'Terminal',
    directions: 'Cómo llegar',
    directionsTo: 'Cómo llegar a {{nombre}} (se abre en otra pestaña)',
    days: { todos: 'Todos los días', 'lun-sab': 'Lunes a sábado' },
    schedule: '{{dias}}, de {{abre}} a {{cierra}}',
  },
  promotions: {
    title: 'Promociones',
    lead: 'Descuentos vigentes en pasajes. Usa el cupón al pagar tu compra en línea.',
    coupon: 'Cupón',
    discount: '{{descuento}} % de descuento',
    validity: 'Válido del {{desde}} al {{hasta}}',
    conditions: 'Condiciones',
    allRoutes: 'Todas las rutas',
    destination: 'Destino: {{nombre}}',
    buy: 'Buscar pasajes a {{nombre}}',
    none: 'No hay promociones vigentes en este momento. Suscríbete y te avisaremos de las próximas.',
    subscribe: {
      title: 'Recibe nuestras promociones',
      lead: 'Te enviaremos cupones y ofertas por correo. Puedes anular la suscripción cuando quieras.',
      correo: 'Tu email',
      submit: 'Suscribirme',
      sent: 'Te enviamos un correo a {{correo}}. Abre el enlace para confirmar tu suscripción.',
    },
    confirm: {
      confirming: 'Confirmando tu suscripción…',
      confirmed: 'Listo: tu suscripción a las promociones de {{correo}} está confirmada.',
      unsubscribing: 'Anulando tu suscripción…',
      unsubscribed: 'Anulamos tu suscripción: ya no enviaremos promociones a {{correo}}.',
    },
  },
  corporate: {
    title: 'Servicios corporativos',
    lead: 'Soluciones de viaje y carga para empresas de todo el Perú.',
    services: [
      { title: 'Cuenta corporativa', body: 'Compra pasajes para tu equipo con facturación mensual y un solo estado de cuenta.' },
      { title: 'Tarifas preferentes', body: 'Descuentos por volumen en todas nuestras rutas y clases.' },
      { title: 'Carga para empresas', body: 'Envíos frecuentes con recojo programado y guía de remisión electrónica.' },
      { title: 'Viajes de grupo', body: 'Buses completos para eventos, congresos y traslados de personal.' },
    ],
    form: {
      title: 'Solicita información',
      lead: 'Déjanos los datos de tu empresa y un asesor te contactará en 2 días hábiles.',
      ruc: 'RUC',
      rucHint: '11 dígitos. Buscamos la razón social al completarlo.',
      lookingUp: 'Buscando la razón social…',
      found: 'Empresa encontrada',
      razon_social: 'Razón social',
      contacto: 'Persona de contacto',
      correo: 'Email de contacto',
      telefono: 'Teléfono',
      mensaje: 'Mensaje (opcional)',
      submit: 'Enviar solicitud',
      sent: 'Recibimos la solicitud N.° {{id}} de {{razon_social}}. Te enviamos una confirmación a {{correo}}.',
    },
  },
  destination: {
    eyebrow: 'Destino',
    title: 'Viaja a {{nombre}}',
    search: 'Busca tu pasaje a {{nombre}}',
    routes: 'Rutas a {{nombre}}',
    origin: 'Origen',
    duration: 'Duración',
    price: 'Precio desde',
    terminals: 'Terminales en {{nombre}}',
    agencies: 'Agencias en {{nombre}}',
    buy: 'Ver pasajes',
    buyFrom: 'Ver pasajes de {{origen}} a {{destino}}',
    others: 'Otros destinos',
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

/** The shape of the texts: English (`locales.en.ts`) must have exactly these keys. */
export type Texts = typeof esPE;

export const contentTexts = bundledSpanish(esPE, () => import(/* webpackChunkName: "texts-en" */ './locales.en').then((module) => module.enEN));

/** What the remote registers: its texts, and the `validation` messages of its forms (corporate, subscription). */
export const contentPackageTexts: PackageTexts = {
  ns: 'content',
  translations: contentTexts,
  messages: [companyMessages, subscriptionMessages],
};
