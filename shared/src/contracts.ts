/** Answers of `/rest` calls that more than one package reads. */

/** `GET /rest/informacion/representante`: the operator's legal data and contact channels. */
export interface OperatorData {
  producto: string;
  marca: string;
  razon_social: string;
  ruc: string;
  direccion: string;
  fundacion: number;
  central_telefonica: string;
  whatsapp: string;
  whatsapp_url: string;
  correo: string;
  redes: { facebook: string; youtube: string; instagram: string };
}

