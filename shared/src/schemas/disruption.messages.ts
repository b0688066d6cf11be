import { DISRUPTION_RIGHT_DELAY_MIN, REBOOK_WITHIN_DAYS } from './disruption.schema';

/** Messages of issue 35 (disruptions, rebooking, refunds, travel credit), spread into `validationMessages`. */
export const disruptionMessages = {
  'es-PE': {
    'disruption.tipo.invalid': 'Indique si el viaje se retrasa o se cancela',
    'disruption.minutos.range': 'Indique el retraso en minutos (de 1 a 2880)',
    'disruption.motivo_es.required': 'Escriba el motivo en español (de 3 a 300 caracteres)',
    'disruption.motivo_en.required': 'Escriba el motivo en inglés (de 3 a 300 caracteres)',
    'disruption.tramo.invalid': 'Indique el terminal de origen y el de destino del tramo, o ninguno para todo el viaje',
    'disruption.viaje.noEncontrado': 'No encontramos ese viaje o ese tramo de su ruta',
    'disruption.link.invalid': 'El enlace no es válido o ya venció. Escríbanos o llámenos y le ayudaremos.',
    'disruption.destino.invalid': 'Elija la devolución a su medio de pago o como crédito de viaje',
    'disruption.sinDerecho': `Este cambio da derecho a reprogramar o a la devolución solo si el viaje se cancela o se retrasa más de ${DISRUPTION_RIGHT_DELAY_MIN / 60} horas`,
    'disruption.yaElegido': 'Ya eligió qué hacer con este pasaje',
    'disruption.viaje.noValido': `Elija otro viaje del mismo tramo, dentro de los ${REBOOK_WITHIN_DAYS} días, que esté a la venta`,
    'disruption.sinAsientos': 'Ese viaje ya no tiene asientos libres en su tramo: elija otro',
  },
  'en-EN': {
    'disruption.tipo.invalid': 'Say whether the trip is delayed or cancelled',
    'disruption.minutos.range': 'Give the delay in minutes (1 to 2880)',
    'disruption.motivo_es.required': 'Write the reason in Spanish (3 to 300 characters)',
    'disruption.motivo_en.required': 'Write the reason in English (3 to 300 characters)',
    'disruption.tramo.invalid': 'Give both the origin and the destination terminal of the stretch, or neither for the whole trip',
    'disruption.viaje.noEncontrado': 'We found no such trip or stretch of its route',
    'disruption.link.invalid': 'The link is not valid or has expired. Write to us or call us and we will help you.',
    'disruption.destino.invalid': 'Choose a refund to your payment method or travel credit',
    'disruption.sinDerecho': `This change gives a right to rebook or to a refund only if the trip is cancelled or delayed by more than ${DISRUPTION_RIGHT_DELAY_MIN / 60} hours`,
    'disruption.yaElegido': 'You already chose what to do with this ticket',
    'disruption.viaje.noValido': `Choose another trip of the same stretch, within ${REBOOK_WITHIN_DAYS} days, that is on sale`,
    'disruption.sinAsientos': 'That trip has no free seats left on your stretch: choose another',
  },
} as const;
