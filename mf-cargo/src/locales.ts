import { bundledSpanish, type PackageTexts } from '@rumbo/shared';
import { cargoMessages } from '@rumbo/shared/schemas';

/** Texts of the `cargo` namespace: the cargo service, tracking and the cargo clauses. */
const esPE = {
  service: {
    eyebrow: 'Carga y encomiendas',
    title: 'Envía lo que necesites a todo el Perú',
    lead: 'Tus paquetes viajan en nuestros buses, con seguimiento en línea desde que los dejas en la agencia hasta que llegan a su destino.',
    trackCta: 'Seguir mi envío',
    clausesLink: 'Lee las cláusulas de carga',
    what: {
      title: 'Qué puedes enviar',
      items: [
        'Documentos y sobres',
        'Paquetes y cajas de hasta 500 kg por envío',
        'Equipaje no acompañado',
        'Mercadería de tu negocio, con guía de remisión',
      ],
      forbidden: 'No transportamos dinero en efectivo, joyas, explosivos, materiales inflamables, animales vivos ni productos perecibles sin embalaje adecuado.',
    },
    pricing: {
      title: 'Cómo se calcula el precio',
      body: 'El precio depende del peso y de las horas de viaje entre las dos ciudades: una tarifa fija de S/ {{base}}, más S/ {{perKg}} por kilo, más S/ {{perKgHour}} por kilo por cada hora de viaje. El mínimo por envío es S/ {{minimum}}.',
      declared: 'Si declaras el valor de tu envío, queda asegurado por ese monto.',
    },
    estimate: {
      title: 'Calcula el precio de tu envío',
      origen: 'Ciudad de origen',
      destino: 'Ciudad de destino',
      peso: 'Peso (kg)',
      choose: 'Elige una ciudad',
      submit: 'Calcular precio',
      result: 'Precio estimado de {{origen}} a {{destino}} para {{peso}} kg: {{precio}}',
      hours: 'Tiempo de viaje aproximado: {{horas}} horas.',
      note: 'El precio final se confirma en la agencia al pesar el envío.',
    },
    agencies: {
      title: 'Agencias que reciben carga',
      count: '{{count}} agencias en todo el país',
      phone: 'Teléfono',
      all: 'Ver todas las agencias en el mapa',
    },
  },
  tracking: {
    title: 'Seguimiento de envíos',
    lead: 'Ingresa el código de seguimiento que figura en tu guía de envío.',
    codigo: 'Código de seguimiento',
    codigoHint: 'Dos letras y ocho números, por ejemplo RA00012345.',
    documento: 'Número de documento del destinatario',
    documentoHint: 'Este envío pide el documento del destinatario para mostrar su estado.',
    submit: 'Buscar envío',
    searching: 'Buscando…',
    result: 'Envío {{codigo}}',
    status: 'Estado actual',
    from: 'Origen',
    to: 'Destino',
    sender: 'Remitente',
    receiver: 'Destinatario',
    packages: 'Bultos',
    weight: 'Peso',
    weightValue: '{{peso}} kg',
    masked: 'Por tu privacidad, mostramos los nombres ocultos.',
    timeline: 'Historial del envío',
    pending: 'Pendiente',
    states: {
      recibido: 'Recibido en agencia',
      en_transito: 'En tránsito',
      llegado: 'Llegó a la agencia de destino',
      en_reparto: 'En reparto',
      entregado: 'Entregado',
    },
    error: 'No pudimos consultar el envío. Revisa tu conexión e inténtalo de nuevo.',
  },
  clauses: {
    title: 'Cláusulas del servicio de carga',
    lead: 'Condiciones que aceptas al enviar carga o encomiendas con nosotros.',
    items: [
      { title: 'Declaración del contenido', body: 'El remitente declara el contenido y el valor del envío. Rumbo Andino puede verificar el contenido en presencia del remitente y rechazar lo que no cumpla estas cláusulas.' },
      { title: 'Artículos prohibidos', body: 'No se aceptan dinero en efectivo, títulos valores, joyas, armas, explosivos, materiales inflamables o corrosivos, drogas, animales vivos ni productos cuya venta esté prohibida.' },
      { title: 'Embalaje', body: 'El remitente embala el envío de forma adecuada para el viaje. Los daños causados por un embalaje insuficiente no son responsabilidad de la empresa.' },
      { title: 'Responsabilidad y valor declarado', body: 'En caso de pérdida o daño, la indemnización llega hasta el valor declarado. Sin valor declarado, se indemniza según la tarifa por kilo vigente.' },
      { title: 'Entrega', body: 'El envío se entrega al destinatario, o a quien presente su documento y el código de seguimiento, en la agencia de destino o en el domicilio cuando se contrató reparto.' },
      { title: 'Plazo de recojo', body: 'Los envíos no recogidos en 30 días calendario desde su llegada pasan a almacén con un cargo diario; a los 90 días se disponen según la ley.' },
      { title: 'Reclamos', body: 'Los reclamos se presentan en el libro de reclamaciones con el código de seguimiento.' },
    ],
  },
};

/** The shape of the texts: English (`locales.en.ts`) must have exactly these keys. */
export type Texts = typeof esPE;

export const cargoTexts = bundledSpanish(esPE, () => import(/* webpackChunkName: "texts-en" */ './locales.en').then((module) => module.enEN));

/** What the remote registers: its texts, and the `validation` messages of its forms. */
export const cargoPackageTexts: PackageTexts = { ns: 'cargo', translations: cargoTexts, messages: [cargoMessages] };
