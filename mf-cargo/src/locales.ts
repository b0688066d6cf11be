import type { PackageTexts } from '@rumbo/shared';
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

/** Typed as the Spanish texts: a key missing or extra in English is a type error. */
const enEN: typeof esPE = {
  service: {
    eyebrow: 'Cargo and parcels',
    title: 'Send whatever you need all over Peru',
    lead: 'Your parcels travel on our buses, tracked online from the moment you drop them off at the agency until they arrive.',
    trackCta: 'Track my shipment',
    clausesLink: 'Read the cargo clauses',
    what: {
      title: 'What you can send',
      items: ['Documents and envelopes', 'Parcels and boxes of up to 500 kg per shipment', 'Unaccompanied luggage', "Your business's goods, with a waybill"],
      forbidden: 'We do not carry cash, jewellery, explosives, flammable materials, live animals or perishable goods without proper packaging.',
    },
    pricing: {
      title: 'How the price is set',
      body: 'The price depends on the weight and on the hours on the road between the two cities: a fixed fee of S/ {{base}}, plus S/ {{perKg}} per kilogram, plus S/ {{perKgHour}} per kilogram for each hour of travel. The minimum per shipment is S/ {{minimum}}.',
      declared: 'If you declare the value of your shipment, it is insured for that amount.',
    },
    estimate: {
      title: 'Estimate the price of your shipment',
      origen: 'Origin city',
      destino: 'Destination city',
      peso: 'Weight (kg)',
      choose: 'Choose a city',
      submit: 'Estimate price',
      result: 'Estimated price from {{origen}} to {{destino}} for {{peso}} kg: {{precio}}',
      hours: 'Approximate travel time: {{horas}} hours.',
      note: 'The final price is confirmed at the agency when the shipment is weighed.',
    },
    agencies: {
      title: 'Agencies that accept cargo',
      count: '{{count}} agencies across the country',
      phone: 'Phone',
      all: 'See every agency on the map',
    },
  },
  tracking: {
    title: 'Shipment tracking',
    lead: 'Enter the tracking code printed on your waybill.',
    codigo: 'Tracking code',
    codigoHint: 'Two letters and eight digits, for example RA00012345.',
    documento: "Receiver's document number",
    documentoHint: "This shipment asks for the receiver's document to show its status.",
    submit: 'Find shipment',
    searching: 'Searching…',
    result: 'Shipment {{codigo}}',
    status: 'Current status',
    from: 'From',
    to: 'To',
    sender: 'Sender',
    receiver: 'Receiver',
    packages: 'Packages',
    weight: 'Weight',
    weightValue: '{{peso}} kg',
    masked: 'For your privacy, names are partly hidden.',
    timeline: 'Shipment history',
    pending: 'Pending',
    states: {
      recibido: 'Received at the agency',
      en_transito: 'In transit',
      llegado: 'Arrived at the destination agency',
      en_reparto: 'Out for delivery',
      entregado: 'Delivered',
    },
    error: 'We could not look up the shipment. Check your connection and try again.',
  },
  clauses: {
    title: 'Cargo service clauses',
    lead: 'Conditions you accept when you send cargo or parcels with us.',
    items: [
      { title: 'Declaration of contents', body: 'The sender declares the contents and value of the shipment. Rumbo Andino may check the contents in the presence of the sender and refuse anything that does not meet these clauses.' },
      { title: 'Forbidden items', body: 'We do not accept cash, securities, jewellery, weapons, explosives, flammable or corrosive materials, drugs, live animals or goods whose sale is forbidden.' },
      { title: 'Packaging', body: 'The sender packs the shipment properly for the journey. Damage caused by insufficient packaging is not the company’s responsibility.' },
      { title: 'Liability and declared value', body: 'In case of loss or damage, compensation is up to the declared value. Without a declared value, compensation follows the current rate per kilogram.' },
      { title: 'Delivery', body: 'The shipment is handed to the receiver, or to whoever shows their document and the tracking code, at the destination agency or at home when delivery was booked.' },
      { title: 'Collection period', body: 'Shipments not collected within 30 calendar days of arrival go to storage with a daily charge; after 90 days they are disposed of as the law provides.' },
      { title: 'Complaints', body: 'Complaints are filed in the complaints book with the tracking code.' },
    ],
  },
};

export const cargoTexts = { 'es-PE': esPE, 'en-EN': enEN };

/** What the remote registers: its texts, and the `validation` messages of its forms. */
export const cargoRemoteTexts: PackageTexts = { ns: 'cargo', translations: cargoTexts, messages: [cargoMessages] };
