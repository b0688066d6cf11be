/** The English texts (en-EN), a chunk of their own: loaded when a customer first picks English. */
import { complaintLabels } from '@rumbo/shared/schemas';
import type { SameShape, Texts } from './locales';

export const enEN: SameShape<Texts> = {
  title: 'Complaints Book',
  intro: 'As established by the Consumer Protection and Defense Code, our virtual Complaints Book is at your disposal.',
  provider: {
    heading: 'Provider details',
    razonSocial: 'Legal name',
    ruc: 'RUC (tax ID)',
    direccion: 'Address',
    fecha: 'Date',
  },
  notes: {
    deadline: 'The provider must answer the claim or complaint within a non-extendable period of no more than fifteen (15) business days.',
    copy: 'When you submit the sheet, you will receive a copy at the e-mail address you give.',
    required: 'Fields marked with * are required.',
    legal:
      'Filing a claim does not prevent you from using other dispute resolution channels and is not a prerequisite for filing a complaint with INDECOPI.',
  },
  sections: {
    consumer: '1. Consumer identification',
    service: '2. The service purchased',
    complaint: "3. Details of the complaint and the consumer's request",
  },
  fields: {
    nacimiento: 'Date of birth',
    genero: 'Gender',
    documento: 'Document type',
    numero: 'Document number',
    datos: 'First names',
    paterno: 'Paternal surname',
    materno: 'Maternal surname',
    direccion: 'Address',
    telefono: 'Phone',
    correo: 'E-mail',
    tipo_reclamo: 'Type',
    motivo: 'Reason',
    viaje: 'Trip date and time',
    destino: 'Destination city',
    detalle: 'Detail',
    resultado: "Consumer's request",
  },
  hints: {
    numero: '{{length}} digits',
    counter: '{{n}}/{{max}}',
    resultado: 'Optional: tell us what solution you expect.',
  },
  types: {
    '1': { name: complaintLabels['en-EN'].types['1'], definition: 'Dissatisfaction related to the products or services' },
    '2': {
      name: complaintLabels['en-EN'].types['2'],
      definition:
        'Dissatisfaction not related to the products or services; or annoyance or discontent regarding customer service',
    },
  },
  motivo: {
    empty: '* Select the reason',
    ...complaintLabels['en-EN'].reasons,
  },
  cities: {
    loading: 'Loading cities…',
    failed: 'We could not load the cities.',
  },
  retry: 'Try again',
  submit: 'Submit',
  sending: 'Sending…',
  summary: { title: 'Please check the following:' },
  errors: {
    network: 'We could not send your complaint sheet. Please try again: what you typed is kept.',
  },
  receipt: {
    title: 'Your complaint sheet has been filed',
    numero: 'Complaint sheet no.',
    fecha: 'Date and time filed',
    limaTime: 'Lima time',
    plazo: 'Answer deadline',
    plazoValue: 'by {{date}} (15 business days)',
    copy: 'We sent a copy to {{correo}}.',
    print: 'Print',
    another: 'File another complaint sheet',
  },
};
