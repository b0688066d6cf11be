import * as v from 'valibot';
import { CloseAccountSchema, CONSENT_TEXT_VERSION, ConsentChangeSchema } from './privacy.schema';
import { validationText } from './validation.messages';

const issue = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? undefined : result.issues[0].message;
};

describe('the privacy schemas (issue 47), shared by Mi cuenta and the API', () => {
  it('takes one channel for one purpose, given or withdrawn, with the current text version only', () => {
    expect(issue(ConsentChangeSchema, { canal: 'whatsapp', finalidad: 'alertas_precio', otorgado: false, version: CONSENT_TEXT_VERSION })).toBeUndefined();
    expect(issue(ConsentChangeSchema, { canal: 'sms', finalidad: 'promociones', otorgado: true, version: CONSENT_TEXT_VERSION })).toBe('privacy.canal.invalid');
    expect(issue(ConsentChangeSchema, { canal: 'correo', finalidad: 'encuestas', otorgado: true, version: CONSENT_TEXT_VERSION })).toBe('privacy.finalidad.invalid');
    expect(issue(ConsentChangeSchema, { canal: 'correo', finalidad: 'promociones', otorgado: 'sí', version: CONSENT_TEXT_VERSION })).toBe('privacy.otorgado.invalid');
    expect(issue(ConsentChangeSchema, { canal: 'correo', finalidad: 'promociones', otorgado: true, version: 'old' })).toBe('privacy.version.stale');
  });

  it('asks for the password to close the account, with a message in both languages', () => {
    expect(issue(CloseAccountSchema, { clave: 'Andes2026' })).toBeUndefined();
    expect(issue(CloseAccountSchema, { clave: '' })).toBe('privacy.clave.required');
    expect(validationText('es-PE', 'privacy.clave.required')).toBe('Ingrese su contraseña para confirmar');
    expect(validationText('en-EN', 'privacy.clave.required')).toBe('Enter your password to confirm');
  });
});
