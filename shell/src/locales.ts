import { bundledSpanish, type PackageTexts } from '@rumbo/shared';
import { subscriptionMessages } from '@rumbo/shared/schemas';
/** Texts of the shell (namespace `shell`), es-PE and en-EN. */
const es = {
  skipToContent: 'Saltar al contenido',
  brandHome: 'Rumbo Andino, ir al inicio',
  nav: {
    label: 'Navegación principal',
    cargo: 'Cargo',
    tracking: 'Seguimiento',
    promotions: 'Promociones',
    agencies: 'Agencias',
    corporate: 'Corporativo',
  },
  language: { label: 'Idioma', 'es-PE': 'Español', 'en-EN': 'English' },
  account: {
    signIn: 'Acceder',
    menu: 'Menú de mi cuenta',
    profile: 'Mi perfil',
    trips: 'Mis viajes',
    points: 'Mis puntos',
    logOut: 'Cerrar sesión',
  },
  menu: { open: 'Abrir menú', close: 'Cerrar menú', title: 'Menú' },
  footer: {
    contact: 'Contáctanos',
    callCenter: 'Central telefónica',
    whatsapp: 'WhatsApp',
    email: 'Correo',
    destinations: 'Destinos populares',
    links: 'Enlaces de interés',
    social: 'Síguenos',
    legal: 'Legal',
    terms: 'Términos y condiciones',
    privacy: 'Protección de datos personales',
    complaints: 'Libro de reclamaciones',
    rights: '© {{year}} {{legalName}} Todos los derechos reservados.',
    ruc: 'RUC {{ruc}}',
    opensInNewTab: '(se abre en una pestaña nueva)',
    subscribe: {
      title: 'Recibe nuestras promociones',
      label: 'Tu email',
      submit: 'Suscribirme',
      sent: 'Te enviamos un correo a {{correo}}: abre el enlace para confirmar tu suscripción.',
    },
  },
  unavailable: {
    heading: 'Esta sección no está disponible por ahora',
    body: 'Estamos trabajando para habilitarla. Mientras tanto puede seguir navegando por el sitio.',
  },
  defaultTitle: 'Rumbo Andino | Pasajes de bus a todo el Perú',
  defaultDescription:
    'Compra pasajes de bus interprovincial con Rumbo Andino: elige tu asiento, paga en línea y viaja seguro a 23 destinos del Perú.',
  titleSuffix: ' | Rumbo Andino',
  routes: {
    home: {
      title: 'Pasajes de bus a todo el Perú',
      description: 'Compra pasajes de bus interprovincial: 23 destinos, monitoreo GPS 24/7 y asientos de hasta 180°.',
    },
    terms: { title: 'Términos y condiciones', description: 'Términos y condiciones de venta de pasajes y servicios de Rumbo Andino.' },
    privacy: { title: 'Protección de datos personales', description: 'Cómo Rumbo Andino trata y protege tus datos personales (Ley 29733).' },
    postponement: { title: 'Política de postergación', description: 'Condiciones para postergar tu pasaje con Rumbo Andino.' },
    complaints: { title: 'Libro de reclamaciones', description: 'Registra tu reclamo o queja en el libro de reclamaciones virtual de Rumbo Andino.' },
    payment: { title: 'Pago de pasajes', description: 'Datos de los pasajeros y del comprador, cupón de descuento y reserva de tus asientos.' },
    reservation: { title: 'Tu reserva', description: 'Código de pago, medios de pago y pasajes electrónicos de tu compra.' },
    recovery: { title: 'Recupera tu compra', description: 'Encuentra tu reserva o tus pasajes con el código de pago y tu correo, sin cuenta: reenvíalos, págalos o postérgalos.' },
    postpone: { title: 'Postergar pasaje', description: 'Cambia tu pasaje a otro viaje de la misma ruta y elige un asiento libre, hasta 24 horas antes de la salida.' },
    declaration: { title: 'Declaración jurada', description: 'Llena la declaración jurada del pasajero antes de embarcar: contacto de emergencia y declaraciones de viaje.' },
    trips: { title: 'Compra de pasajes', description: 'Elige tu viaje, tu asiento y paga en línea.' },
    cargo: { title: 'Cargo y encomiendas', description: 'Envía carga y encomiendas a todo el Perú con Rumbo Andino.' },
    tracking: { title: 'Seguimiento de encomiendas', description: 'Sigue el estado de tu envío con tu código de seguimiento.' },
    cargoClauses: { title: 'Cláusulas de carga', description: 'Condiciones del servicio de carga y encomiendas.' },
    promotions: { title: 'Promociones', description: 'Promociones y cupones de descuento en pasajes de bus; suscríbete para recibirlas por correo.' },
    agencies: { title: 'Agencias', description: 'Encuentra nuestras agencias y terminales: dirección, horario, teléfono y servicios.' },
    corporate: { title: 'Servicios corporativos', description: 'Viajes y envíos para empresas: solicita una cuenta corporativa con tu RUC.' },
    destinationArequipa: { title: 'Pasajes a Arequipa', description: 'Viaja en bus a Arequipa: terminales, agencias, rutas y precios desde.' },
    destinationCusco: { title: 'Pasajes a Cusco', description: 'Viaja en bus a Cusco: terminales, agencias, rutas y precios desde.' },
    destinationLima: { title: 'Pasajes a Lima', description: 'Viaja en bus a Lima: terminales, agencias, rutas y precios desde.' },
    destinationTrujillo: { title: 'Pasajes a Trujillo', description: 'Viaja en bus a Trujillo: terminales, agencias, rutas y precios desde.' },
    destinationTumbes: { title: 'Pasajes a Tumbes', description: 'Viaja en bus a Tumbes: terminales, agencias, rutas y precios desde.' },
    login: { title: 'Acceder', description: 'Ingresa a tu cuenta de Rumbo Andino.' },
    account: { title: 'Mi cuenta', description: 'Tu perfil, tus viajes y tus puntos.' },
    recover: { title: 'Recuperar cuenta', description: 'Recupera el acceso a tu cuenta de Rumbo Andino.' },
    signup: { title: 'Crear cuenta', description: 'Crea tu cuenta de Rumbo Andino y compra más rápido.' },
  },
};

export type Texts = typeof es;

export const shellTexts = bundledSpanish(es, () => import(/* webpackChunkName: "texts-en" */ './locales.en').then((module) => module.en));

/** What the shell registers: its texts, and the messages of its footer's subscription form. */
export const shellPackageTexts: PackageTexts = { ns: 'shell', translations: shellTexts, messages: [subscriptionMessages] };
