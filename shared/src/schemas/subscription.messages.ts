/** Messages of the promotions subscription (the footer's form and its confirmation link). Part of the `validation` namespace. */
export const subscriptionMessages = {
  'es-PE': {
    'subscription.correo.required': 'Ingrese su email',
    'subscription.correo.format': 'El formato del email es inválido',
    'subscription.token.invalid': 'El enlace no es válido o ya fue usado',
  },
  'en-EN': {
    'subscription.correo.required': 'Enter your email',
    'subscription.correo.format': 'The email format is invalid',
    'subscription.token.invalid': 'The link is not valid or was already used',
  },
} as const;
