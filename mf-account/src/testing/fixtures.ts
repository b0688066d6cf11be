import type { AccountCustomer } from '@rumbo/shared/schemas';

/** The customer every sign-in of the account tests answers (spec §3's user data). */
export const CLIENTE: AccountCustomer = {
  ccuenta: 7,
  tipo_doc: 19,
  num_doc: '45678912',
  nombres: 'rosa maría',
  paterno: 'Quispe',
  materno: 'Mamani',
  sexo: 'F',
  correo: 'rosa@example.pe',
  telefono: '987654321',
  fnacimiento: '1990-05-17',
};
