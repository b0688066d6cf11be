import type { Language } from './language';

/**
 * Names of the complaint form's codes (spec §4, §5), in both languages: the form shows them
 * (mf-complaints' texts are built on these) and the API prints them on the consumer's copy.
 */
export const complaintLabels = {
  'es-PE': {
    genders: { M: 'Masculino', F: 'Femenino' },
    documents: { '19': 'DNI', '20': 'Carnet de extranjería', '21': 'Pasaporte' },
    types: { '1': 'Reclamo', '2': 'Queja' },
    reasons: {
      '1': 'Retraso en salidas o llegadas',
      '2': 'Atención en el terminal',
      '3': 'Atención del call center',
      '4': 'Mantenimiento del bus',
      '5': 'Servicio de equipaje',
      '6': 'Atención a bordo',
      '7': 'Cenas en mal estado',
      '8': 'Entrega de encomiendas',
      '9': 'Conducción del chofer',
      '10': 'Otros',
    },
  },
  'en-EN': {
    genders: { M: 'Male', F: 'Female' },
    documents: { '19': 'DNI (national ID)', '20': 'Foreign resident card (CE)', '21': 'Passport' },
    types: { '1': 'Claim (reclamo)', '2': 'Complaint (queja)' },
    reasons: {
      '1': 'Late departures or arrivals',
      '2': 'Terminal service',
      '3': 'Call-center service',
      '4': 'Bus maintenance',
      '5': 'Luggage service',
      '6': 'On-board service',
      '7': 'Spoiled dinners',
      '8': 'Parcel delivery',
      '9': 'Driver management',
      '10': 'Other',
    },
  },
} as const satisfies Record<Language, unknown>;

export type ComplaintLabels = (typeof complaintLabels)[Language];
