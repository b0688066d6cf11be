import { NO_LIMITS, person, SITE } from '../test/account-flows';
import { setupTestApp } from '../test/app';
import { listOutbox } from './outbox';

/**
 * Issue 32 item 8: one cap for every mail the store sends to an address nobody has proven
 * (sign-up, newsletter, corporate request, complaint copy, "no account" notices), per recipient,
 * whatever the form and whoever asks; counted in the rate-limit store (Redis when set).
 */
const CAP = 3;
const api = setupTestApp({
  siteUrl: SITE,
  corsOrigins: [SITE],
  accountRateLimits: NO_LIMITS,
  writeRateLimit: { max: 10_000, timeWindow: 60_000 },
  unprovenMailLimit: { max: CAP, timeWindow: 60 * 60_000 },
});

let serial = 0;
const post = (url: string, payload: object) => {
  serial += 1;
  // Every request from another address: a cap per client would not hold them back.
  return api.app.inject({ method: 'POST', url, payload, headers: { origin: SITE }, remoteAddress: `203.0.113.${serial % 250}` });
};

const COMPLAINT = {
  cpersona: '', nacimiento: '1990-04-15', genero: 'F', fecha_actual: '10/03/2025', documento: '19', numero: '45871236', datos: 'María Elena',
  paterno: 'Quispe', materno: 'Huamán', direccion: 'Jr. Los Pinos 123, Lima', telefono: '987654321', tipo_reclamo: '1', motivo: '1',
  viaje: '2025-03-08T21:30', destino: '2', detalle: 'El bus salió tarde.', resultado: 'Devolución.', tamanioInput: 8,
};

describe('mails to an address nobody has proven (issue 32 item 8)', () => {
  it(`at most ${CAP} reach one recipient, whatever mixes of forms and addresses ask for them; other recipients are not affected`, async () => {
    const victim = `victima.${Date.now()}@example.pe`;
    const answers = [
      await post('/rest/usuario/registrar', { ...person(), nombres: 'Spam', correo: victim }),
      await post('/rest/componente/registrar', { correo: victim }),
      await post('/rest/otp/request', { email: `other.${victim}`, key: '4' }),
      await post('/rest/componente/registrar', { correo: victim }),
      await post('/rest/juridica/registrar', { ruc: '20601234506', razon_social: 'Spam S.A.C.', contacto: 'Spam', correo: victim, telefono: '987654321', mensaje: 'x' }),
      await post('/rest/reclamacion/registro', { ...COMPLAINT, correo: victim }),
      await post('/rest/usuario/registrar', { ...person(), correo: victim }),
      await post('/rest/usuario/recuperar', { correo: victim }),
      await post('/rest/componente/registrar', { correo: victim }),
    ];
    // Every request is answered as usual: the cap tells nobody anything.
    expect(answers.map((res) => res.statusCode).every((code) => code >= 200 && code < 300)).toBe(true);
    expect(await listOutbox(api.db, { to: victim, limit: 50 })).toHaveLength(CAP);
    // The third request's recipient is another address: it got its mail.
    expect(await listOutbox(api.db, { to: `other.${victim}`, limit: 50 })).toHaveLength(1);
  });
});
