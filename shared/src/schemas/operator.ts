import type { OperatorData } from '../contracts';

/**
 * The operator's identity: the one source of truth for the brand, legal data and contact
 * channels (DECISIONS.md, Brand and operator). Built into every package that shows it (the
 * complaints sheet, the footer), so the legal identity never depends on a call succeeding; the API
 * serves the same object at `GET /rest/informacion/representante`, prints it on complaint copies
 * and signs its mails with it. A fictional company: never a real operator's name or data.
 */
export const OPERATOR = {
  /** The `{product}` key of the browser's `lang-web{product}` storage key. */
  producto: 'rumbo',
  marca: 'Rumbo Andino',
  razon_social: 'Rumbo Andino Express S.A.C.',
  /** 11 digits, prefix 20 (legal entity), SUNAT check digit last. */
  ruc: '20518739469',
  direccion: 'Av. Nicolás Arriola 1250, La Victoria, Lima, Perú',
  fundacion: 1996,
  central_telefonica: '(01) 708-5000',
  whatsapp: '+51 987 085 000',
  whatsapp_url: 'https://wa.me/51987085000',
  correo: 'atencion@rumboandino.pe',
  redes: {
    facebook: 'https://www.facebook.com/rumboandino',
    youtube: 'https://www.youtube.com/@rumboandino',
    instagram: 'https://www.instagram.com/rumboandino',
  },
} as const satisfies OperatorData;
