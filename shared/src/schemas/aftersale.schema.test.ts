import * as v from 'valibot';
import { aftersaleMessages } from './aftersale.messages';
import { DeclarationSchema, PointsApplySchema, PostponeSchema, RecoverySchema, TicketLookupSchema } from './aftersale.schema';
import { validationMessages } from './validation.messages';

const firstIssue = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? undefined : result.issues[0].message;
};

const declaration = {
  numero: 'abcd2345-1',
  contacto_nombre: ' Juan Quispe ',
  contacto_telefono: '+51987654321',
  sin_objetos_prohibidos: true,
  apto_para_viajar: true,
  datos_veraces: true,
};

describe('after-sale schemas', () => {
  it('recovery normalises the code and the e-mail', () => {
    expect(v.parse(RecoverySchema, { codigo: ' abcd2345 ', email: ' Rosa@Example.PE ' })).toEqual({ codigo: 'ABCD2345', email: 'rosa@example.pe' });
    expect(firstIssue(RecoverySchema, { codigo: 'ABCD234', email: 'rosa@example.pe' })).toBe('sale.codigo.invalid');
  });

  it('a ticket is reached with the session (neither code nor key) or with both', () => {
    expect(v.parse(TicketLookupSchema, { numero: 'abcd2345-1' })).toEqual({ numero: 'ABCD2345-1' });
    expect(v.safeParse(TicketLookupSchema, { numero: 'ABCD2345-1', codigo: 'ABCD2345', clave_bloqueo: 'k'.repeat(32) }).success).toBe(true);
    expect(firstIssue(TicketLookupSchema, { numero: 'ABCD2345-1', codigo: 'ABCD2345' })).toBe('aftersale.acceso.required');
    expect(firstIssue(TicketLookupSchema, { numero: 'ABCD2345' })).toBe('aftersale.numero.invalid');
    expect(firstIssue(PostponeSchema, { numero: 'ABCD2345-1', clave_nueva: 'short', cviaje_asiento: 3 })).toBe('sale.clave.invalid');
  });

  it('the declaration needs every answer, each with its own message', () => {
    expect(v.parse(DeclarationSchema, declaration)).toMatchObject({ numero: 'ABCD2345-1', contacto_nombre: 'Juan Quispe' });
    expect(firstIssue(DeclarationSchema, { ...declaration, contacto_nombre: ' ' })).toBe('declaration.contacto.required');
    expect(firstIssue(DeclarationSchema, { ...declaration, contacto_telefono: '12-34' })).toBe('declaration.telefono.invalid');
    expect(firstIssue(DeclarationSchema, { ...declaration, sin_objetos_prohibidos: false })).toBe('declaration.objetos.required');
    expect(firstIssue(DeclarationSchema, { ...declaration, apto_para_viajar: undefined })).toBe('declaration.salud.required');
    expect(firstIssue(DeclarationSchema, { ...declaration, datos_veraces: 'yes' })).toBe('declaration.veraz.required');
  });

  it('points: 0 removes, otherwise at least 100 whole points', () => {
    const clave_bloqueo = 'k'.repeat(32);
    expect(v.safeParse(PointsApplySchema, { clave_bloqueo, puntos: 0 }).success).toBe(true);
    expect(v.safeParse(PointsApplySchema, { clave_bloqueo, puntos: 100 }).success).toBe(true);
    expect(firstIssue(PointsApplySchema, { clave_bloqueo, puntos: 99 })).toBe('points.minimum');
    expect(firstIssue(PointsApplySchema, { clave_bloqueo, puntos: 150.5 })).toBe('points.invalid');
    expect(firstIssue(PointsApplySchema, { clave_bloqueo, puntos: -100 })).toBe('points.invalid');
  });

  it('every message exists in both languages and in the validation namespace', () => {
    expect(Object.keys(aftersaleMessages['en-EN']).sort()).toEqual(Object.keys(aftersaleMessages['es-PE']).sort());
    for (const key of Object.keys(aftersaleMessages['es-PE'])) {
      expect(validationMessages['es-PE']).toHaveProperty([key]);
      expect(validationMessages['en-EN']).toHaveProperty([key]);
    }
  });
});
