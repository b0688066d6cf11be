import { bundledSpanish, type PackageTexts } from '@rumbo/shared';
import { complaintLabels, complaintMessages } from '@rumbo/shared/schemas';

/**
 * Texts of the `complaints` namespace. Validation messages live in the shared `validation`
 * namespace (the schema's keys); everything else the page shows is here, same keys in both
 * languages.
 */
const esPE = {
  title: 'Libro de Reclamaciones',
  intro:
    'Conforme a lo establecido en el Código de Protección y Defensa del Consumidor, ponemos a su disposición nuestro Libro de Reclamaciones virtual.',
  provider: {
    heading: 'Datos del proveedor',
    razonSocial: 'Razón social',
    ruc: 'RUC',
    direccion: 'Dirección',
    fecha: 'Fecha',
  },
  notes: {
    deadline:
      'El proveedor deberá dar respuesta al reclamo o queja en un plazo no mayor a quince (15) días hábiles improrrogables.',
    copy: 'Al enviar la hoja, recibirá una copia en el correo electrónico que indique.',
    required: 'Los campos marcados con * son obligatorios.',
    legal:
      'La formulación del reclamo no impide acudir a otras vías de solución de controversias ni es requisito previo para interponer una denuncia ante el INDECOPI.',
  },
  sections: {
    consumer: '1. Identificación del consumidor reclamante',
    service: '2. Identificación del bien contratado',
    complaint: '3. Detalle de la reclamación y pedido del consumidor',
  },
  fields: {
    nacimiento: 'Fecha de nacimiento',
    genero: 'Género',
    documento: 'Tipo de documento',
    numero: 'Número de documento',
    datos: 'Nombres',
    paterno: 'Apellido paterno',
    materno: 'Apellido materno',
    direccion: 'Dirección',
    telefono: 'Teléfono',
    correo: 'Correo electrónico',
    tipo_reclamo: 'Tipo',
    motivo: 'Motivo',
    viaje: 'Fecha y hora del viaje',
    destino: 'Ciudad de destino',
    detalle: 'Detalle',
    resultado: 'Pedido del consumidor',
  },
  hints: {
    numero: '{{length}} dígitos',
    counter: '{{n}}/{{max}}',
    resultado: 'Opcional: indique qué solución espera.',
  },
  types: {
    '1': { name: complaintLabels['es-PE'].types['1'], definition: 'Disconformidad relacionada a los productos o servicios' },
    '2': {
      name: complaintLabels['es-PE'].types['2'],
      definition:
        'Disconformidad no relacionada a los productos o servicios; o, malestar o descontento respecto a la atención al público',
    },
  },
  motivo: {
    empty: '* Seleccione el Motivo',
    ...complaintLabels['es-PE'].reasons,
  },
  cities: {
    loading: 'Cargando ciudades…',
    failed: 'No pudimos cargar las ciudades.',
  },
  retry: 'Reintentar',
  submit: 'Enviar',
  sending: 'Enviando…',
  summary: { title: 'Revise los siguientes datos:' },
  errors: {
    network: 'No pudimos enviar su hoja de reclamación. Inténtelo de nuevo: lo que escribió se mantiene.',
  },
  receipt: {
    title: 'Registramos su hoja de reclamación',
    numero: 'Hoja de reclamación N.°',
    fecha: 'Fecha y hora de registro',
    limaTime: 'hora de Lima',
    plazo: 'Plazo de respuesta',
    plazoValue: 'hasta el {{date}} (15 días hábiles)',
    copy: 'Enviamos una copia a {{correo}}.',
    print: 'Imprimir',
    another: 'Registrar otra hoja de reclamación',
  },
};

export type Texts = typeof esPE;
export type SameShape<T> = { [K in keyof T]: T[K] extends string ? string : SameShape<T[K]> };

export const complaintsTexts = bundledSpanish(esPE, () => import(/* webpackChunkName: "texts-en" */ './locales.en').then((module) => module.enEN));

/** What the remote registers: its texts, and the `validation` messages of its forms. */
export const complaintsPackageTexts: PackageTexts = { ns: 'complaints', translations: complaintsTexts, messages: [complaintMessages] };
