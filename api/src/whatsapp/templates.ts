import type { Language } from '@rumbo/shared/schemas';

/**
 * The WhatsApp message templates the store sends (issue 48 item 4): outside a conversation the
 * customer opened, the Cloud API sends only templates Meta approved, by name and language, with
 * their `{{n}}` parameters filled. These are the texts submitted for approval (WhatsApp Manager),
 * kept here so the repository says what each customer reads; the stand-in renders them the same way.
 */
export const WHATSAPP_TEMPLATES = {
  rumbo_codigo: {
    category: 'AUTHENTICATION',
    header: null,
    'es-PE': '{{1}} es su código para confirmar este número en Rumbo Andino. Vence en 10 minutos. No lo comparta con nadie.',
    'en-EN': '{{1}} is your code to confirm this number with Rumbo Andino. It expires in 10 minutes. Do not share it with anyone.',
  },
  rumbo_boletos: {
    category: 'UTILITY',
    header: 'document',
    'es-PE': 'Hola, {{1}}. Sus boletos de la compra {{2}} están en el PDF adjunto. ¡Buen viaje con Rumbo Andino!',
    'en-EN': 'Hello {{1}}. The tickets of purchase {{2}} are in the attached PDF. Have a good trip with Rumbo Andino!',
  },
  rumbo_recordatorio: {
    category: 'UTILITY',
    header: null,
    'es-PE': 'Recordatorio: su viaje {{1}} sale el {{2}} (hora de Lima) desde {{3}}. Llegue {{4}} minutos antes con su documento de identidad.',
    'en-EN': 'Reminder: your trip {{1}} leaves on {{2}} (Lima time) from {{3}}. Be there {{4}} minutes early with your identity document.',
  },
  rumbo_incidencia: {
    category: 'UTILITY',
    header: null,
    'es-PE': 'Aviso sobre su viaje {{1}}: {{2}}. Elija sin costo reprogramar o el reembolso aquí: {{3}}',
    'en-EN': 'Notice about your trip {{1}}: {{2}}. Choose to rebook or get a refund, free of charge, here: {{3}}',
  },
  rumbo_aviso_viaje: {
    category: 'UTILITY',
    header: null,
    'es-PE': 'Aviso sobre su viaje {{1}}: {{2}}. Nueva hora de salida: {{3}} (hora de Lima).',
    'en-EN': 'Notice about your trip {{1}}: {{2}}. New departure time: {{3}} (Lima time).',
  },
  rumbo_lista_espera: {
    category: 'UTILITY',
    header: null,
    'es-PE': 'Se liberaron asientos en su viaje {{1}} del {{2}}. Se los apartamos hasta las {{3}}: complete la compra aquí: {{4}}',
    'en-EN': 'Seats freed up on your trip {{1}} of {{2}}. They are set aside for you until {{3}}: complete the purchase here: {{4}}',
  },
  rumbo_alerta_precio: {
    category: 'MARKETING',
    header: null,
    'es-PE': 'Alerta de precio: {{1}} el {{2}} desde {{3}}. Vea los viajes: {{4}} (Para no recibir más esta alerta: {{5}})',
    'en-EN': 'Price alert: {{1}} on {{2}} from {{3}}. See the trips: {{4}} (To stop this alert: {{5}})',
  },
} as const satisfies Record<string, { category: 'AUTHENTICATION' | 'UTILITY' | 'MARKETING'; header: 'document' | null } & Record<Language, string>>;

export type TemplateName = keyof typeof WHATSAPP_TEMPLATES;

/** The Cloud API's language code of a template in the customer's language. */
export const templateLanguage = (language: Language) => (language === 'en-EN' ? 'en' : 'es');

/** A template's text with its parameters filled (what the customer reads); throws when their count does not match. */
export function renderTemplate(name: TemplateName, language: Language, parameters: readonly string[]): string {
  const text: string = WHATSAPP_TEMPLATES[name][language];
  const wanted = new Set(text.match(/\{\{\d+\}\}/g) ?? []).size;
  if (parameters.length !== wanted) throw new Error(`template ${name} takes ${wanted} parameters, got ${parameters.length}`);
  return text.replace(/\{\{(\d+)\}\}/g, (_, n: string) => parameters[Number(n) - 1]!);
}
