import * as v from 'valibot';
import {
  isAdult,
  OtpRequestSchema,
  OtpValidateSchema,
  PasswordSignInSchema,
  ProfileSchema,
  SignUpSchema,
} from './account.schema';
import { accountMessages } from './account.messages';
import { validationText } from './validation.messages';

const SIGN_UP = {
  tipo_doc: '19',
  num_doc: '45678912',
  nombres: 'Rosa María',
  paterno: 'Quispe',
  materno: 'Mamani',
  sexo: 'F',
  fnacimiento: '1990-05-17',
  telefono: '987654321',
  correo: 'Rosa@Example.pe',
  clave: 'Andes2026',
  terminos: true,
};

const issues = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message]);
};

describe('account schemas', () => {
  it('accept a complete sign-up and type it, the e-mail lower-cased', () => {
    const result = v.safeParse(SignUpSchema, SIGN_UP);
    expect(result.success && result.output).toMatchObject({ tipo_doc: 19, correo: 'rosa@example.pe', clave: 'Andes2026' });
  });

  it('report every failing check of an empty sign-up on its field, in order', () => {
    expect(issues(SignUpSchema, {})).toEqual([
      ['tipo_doc', 'account.tipo_doc.required'],
      ['num_doc', 'account.num_doc.required'],
      ['num_doc', 'account.num_doc.numeric'],
      ['nombres', 'account.nombres.required'],
      ['paterno', 'account.paterno.required'],
      ['materno', 'account.materno.required'],
      ['sexo', 'account.sexo.required'],
      ['telefono', 'account.telefono.required'],
      ['fnacimiento', 'account.fnacimiento.required'],
      ['correo', 'account.correo.required'],
      ['clave', 'account.clave.required'],
      ['terminos', 'account.terminos.required'],
    ]);
  });

  it.each([
    [{ num_doc: '1234567' }, 'num_doc', 'account.num_doc.dni'],
    [{ tipo_doc: '20', num_doc: '12345678' }, 'num_doc', 'account.num_doc.ce'],
    [{ tipo_doc: '21', num_doc: '12345678' }, 'num_doc', 'account.num_doc.pasaporte'],
    [{ num_doc: '1234567a' }, 'num_doc', 'account.num_doc.numeric'],
    [{ clave: 'Andes20' }, 'clave', 'account.clave.weak'],
    [{ clave: '12345678' }, 'clave', 'account.clave.weak'],
    [{ clave: 'abcdefgh' }, 'clave', 'account.clave.weak'],
    [{ clave: `A1${'x'.repeat(127)}` }, 'clave', 'account.clave.max'],
    [{ fnacimiento: '2023-02-30' }, 'fnacimiento', 'account.fnacimiento.required'],
    [{ fnacimiento: '2999-01-01' }, 'fnacimiento', 'account.fnacimiento.required'],
    [{ telefono: '98 765' }, 'telefono', 'account.telefono.numeric'],
    [{ correo: 'rosa@' }, 'correo', 'account.correo.format'],
    [{ terminos: 'false' }, 'terminos', 'account.terminos.required'],
    [{ sexo: 'X' }, 'sexo', 'account.sexo.required'],
  ])('sign-up %o → %s: %s', (change, field, key) => {
    expect(issues(SignUpSchema, { ...SIGN_UP, ...change })).toEqual([[field, key]]);
  });

  it('require adults', () => {
    expect(isAdult('2008-11-22', '2026-11-22')).toBe(true);
    expect(isAdult('2008-11-23', '2026-11-22')).toBe(false);
  });

  it('check only presence of the password at sign-in (old passwords may predate the rule)', () => {
    expect(issues(PasswordSignInSchema, { correo: 'a@b.pe', clave: 'x' })).toEqual([]);
    expect(issues(PasswordSignInSchema, { correo: 'a@b.pe', clave: '' })).toEqual([['clave', 'account.clave.required']]);
  });

  it("keep the spec's fixed code key and channel", () => {
    expect(issues(OtpRequestSchema, { email: 'a@b.pe', key: '4' })).toEqual([]);
    expect(issues(OtpRequestSchema, { email: 'a@b.pe', key: '3' })).toEqual([['key', 'request.invalid']]);
    expect(issues(OtpValidateSchema, { email: 'a@b.pe', key: '012345', canal: 'WEB' })).toEqual([]);
    expect(issues(OtpValidateSchema, { email: 'a@b.pe', key: '12345', canal: 'WEB' })).toEqual([['key', 'account.codigo.format']]);
  });

  it('accept an empty CC e-mail in the profile as none', () => {
    const { clave: _c, correo: _e, terminos: _t, ...profile } = SIGN_UP;
    const result = v.safeParse(ProfileSchema, { ...profile, correo_cc: '' });
    expect(result.success && result.output.correo_cc).toBeNull();
    expect(issues(ProfileSchema, { ...profile, correo_cc: 'x@' })).toEqual([['correo_cc', 'account.correo_cc.format']]);
  });

  it('never throw on junk', () => {
    for (const junk of [null, 42, 'text', [], { correo: { $gt: '' } }]) expect(() => v.safeParse(SignUpSchema, junk)).not.toThrow();
  });

  it('have every message in both languages, and English differs', () => {
    expect(Object.keys(accountMessages['en-EN']).sort()).toEqual(Object.keys(accountMessages['es-PE']).sort());
    for (const key of Object.keys(accountMessages['es-PE'])) {
      expect(validationText('en-EN', key)).not.toBe(validationText('es-PE', key));
    }
  });
});
