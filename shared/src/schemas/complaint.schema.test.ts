import * as v from 'valibot';
import { COMPLAINT_DEFAULTS, ComplaintSchema } from './complaint.schema';
import { validationText } from './validation.messages';
import SHEET from '../testing/complaint-sheet.json';

// A complete sheet (the one every package's tests fill), with the form's defaults.
const valid = { ...SHEET, genero: COMPLAINT_DEFAULTS.genero, fecha_actual: '22/11/2026', destino: COMPLAINT_DEFAULTS.destino };

const messages = (input: unknown) => {
  const result = v.safeParse(ComplaintSchema, input);
  return result.success ? [] : result.issues.map((issue) => validationText('es-PE', issue.message));
};

describe('complaint form checks (spec §5)', () => {
  it('accepts a complete sheet and types it', () => {
    const result = v.safeParse(ComplaintSchema, valid);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.output).toMatchObject({ documento: 19, tipo_reclamo: 1, motivo: 1, destino: 4, tamanioInput: 8, cpersona: null });
  });

  it('reports each field’s first failing check of an empty form, in the spec order, with its exact message', () => {
    expect(messages({})).toEqual([
      'Seleccione su fecha de nacimiento',
      'Seleccione su género',
      'Seleccione el tipo de documento',
      'Digite su número de documento',
      'Complete el campo nombres',
      'Complete el campo apellido paterno',
      'Complete el campo apellido materno',
      'Complete su dirección',
      'Complete su teléfono',
      'Complete su email',
      'Seleccione el tipo de reclamo',
      'Seleccione el motivo de su reclamo',
      'Seleccione la fecha y hora de su viaje',
      'Seleccione la ciudad de destino',
      'Complete el detalle',
    ]);
  });

  it('shows one message per field: an empty DNI is only "Digite…", a short one with letters only its length', () => {
    const defaults = { documento: COMPLAINT_DEFAULTS.documento, genero: COMPLAINT_DEFAULTS.genero, tipo_reclamo: COMPLAINT_DEFAULTS.tipo_reclamo, destino: COMPLAINT_DEFAULTS.destino };
    expect(messages(defaults)).toHaveLength(11);
    expect(messages({ ...valid, numero: '' })).toEqual(['Digite su número de documento']);
    expect(messages({ ...valid, numero: 'abc' })).toEqual(['El DNI debe tener 8 caracteres']);
    expect(messages({ ...valid, telefono: '' })).toEqual(['Complete su teléfono']);
    expect(messages({ ...valid, correo: '' })).toEqual(['Complete su email']);
    expect(messages({ ...valid, detalle: '' })).toEqual(['Complete el detalle']);
    // still every field's first failure, in the spec's order
    expect(messages({ ...valid, numero: 'abc', telefono: 'x', correo: 'x' })).toEqual([
      'El DNI debe tener 8 caracteres',
      'El campo teléfono es numérico',
      'El formato del email es inválido',
    ]);
  });

  it.each([
    ['19', '1234567', 'El DNI debe tener 8 caracteres'],
    ['20', '12345678', 'El CE debe tener 12 caracteres'],
    ['21', '123456789012', 'El PASAPORTE debe tener 15 caracteres'],
    ['19', '1234567a', 'El campo número de documento es numérico'],
  ])('document type %s with number %s: %s', (documento, numero, message) => {
    expect(messages({ ...valid, documento, numero })).toEqual([message]);
  });

  it.each([
    [{ nacimiento: '1899-12-31' }, 'Seleccione su fecha de nacimiento'],
    [{ nacimiento: '2023-02-30' }, 'Seleccione su fecha de nacimiento'],
    [{ genero: 'X' }, 'Seleccione su género'],
    [{ documento: '22' }, 'Seleccione el tipo de documento'],
    [{ telefono: '98 765' }, 'El campo teléfono es numérico'],
    [{ correo: 'rosa@' }, 'El formato del email es inválido'],
    [{ tipo_reclamo: '3' }, 'Seleccione el tipo de reclamo'],
    [{ motivo: '' }, 'Seleccione el motivo de su reclamo'],
    [{ motivo: '11' }, 'Seleccione el motivo de su reclamo'],
    [{ viaje: '2100-01-01T10:00' }, 'Seleccione la fecha y hora de su viaje'],
    [{ destino: '24' }, 'Seleccione la ciudad de destino'],
    [{ detalle: '   ' }, 'Complete el detalle'],
    [{ detalle: 'x'.repeat(501) }, 'El detalle debe tener máximo 500 caracteres'],
  ])('%o → %s', (change, message) => {
    expect(messages({ ...valid, ...change })).toEqual([message]);
  });

  it('accepts the limits themselves: 500 characters of detail, the picker range edges', () => {
    expect(messages({ ...valid, detalle: 'x'.repeat(500), nacimiento: '1900-01-01', viaje: '2099-12-31T23:59' })).toEqual([]);
  });

  it('never throws on junk: wrong types read as missing values', () => {
    for (const junk of [null, 42, 'text', [], { numero: { $gt: 1 } }]) {
      expect(() => v.safeParse(ComplaintSchema, junk)).not.toThrow();
      expect(v.safeParse(ComplaintSchema, junk).success).toBe(false);
    }
  });

  it('reports the field each message belongs to', () => {
    const result = v.safeParse(ComplaintSchema, { ...valid, correo: 'bad' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(v.getDotPath(result.issues[0]!)).toBe('correo');
  });

  it('has an English text for every message', () => {
    const result = v.safeParse(ComplaintSchema, {});
    if (result.success) throw new Error('expected issues');
    for (const issue of result.issues) {
      expect(validationText('en-EN', issue.message)).not.toBe(validationText('es-PE', issue.message));
    }
  });
});
