import * as v from 'valibot';

/** Answers of `/rest` calls that more than one package reads. */

/** `GET /rest/informacion/representante`: the operator's legal data and contact channels. */
export const OperatorDataAnswer = v.object({
  producto: v.string(),
  marca: v.string(),
  razon_social: v.string(),
  ruc: v.string(),
  direccion: v.string(),
  fundacion: v.number(),
  central_telefonica: v.string(),
  whatsapp: v.string(),
  whatsapp_url: v.string(),
  correo: v.string(),
  redes: v.object({ facebook: v.string(), youtube: v.string(), instagram: v.string() }),
});
export type OperatorData = v.InferOutput<typeof OperatorDataAnswer>;

