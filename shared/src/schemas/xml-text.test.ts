import * as v from 'valibot';
import SHEET from '../testing/complaint-sheet.json';
import { SignUpSchema, ProfileSchema } from './account.schema';
import { DeclarationSchema } from './aftersale.schema';
import { CompanySchema } from './company.schema';
import { ComplaintSchema } from './complaint.schema';
import { DisruptionSchema } from './disruption.schema';
import { GuestSchema } from './sales.contract';
import { BuyerSchema, LapChildSchema, PassengerSchema } from './sales.schema';
import { validationText } from './validation.messages';
import { CargoShipmentSchema, FacturaRequestSchema } from './vouchers.schema';
import { isXmlText, xmlText, XML_TEXT_MESSAGE } from './xml-text';

// What XML 1.0 (§2.2, Char) cannot carry: C0 controls but tab, LF and CR; U+FFFE and U+FFFF; a
// surrogate half alone. Each makes a voucher's XML unreadable to SUNAT.
const BAD = ['\u0001', '\u0008', '\u000C', '\u001F', '\uFFFE', '\uFFFF', '\uD800', '\uDFFF'];

const firstIssue = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? undefined : [v.getDotPath(result.issues[0]), result.issues[0].message];
};

describe('issue 45 item 4: the xmlText action', () => {
  const schema = v.pipe(v.string(), xmlText());

  it.each(BAD.map((c) => [c.charCodeAt(0).toString(16)]))('refuses U+%s anywhere in the text', (hex) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    expect(isXmlText(`Rosa${c}`)).toBe(false);
    expect(firstIssue(schema, `Ro${c}sa`)).toEqual([null, XML_TEXT_MESSAGE]);
  });

  it('accepts what XML carries: letters of any script, tab and line breaks, emoji (a surrogate pair)', () => {
    for (const ok of ['Peña Ñahui', 'Línea 1\nLínea 2\r\n\tfin', 'Ÿ€😀', 'ǅ', '\uE000\uFFFD', '']) expect(firstIssue(schema, ok)).toBeUndefined();
  });

  it('has its message in both languages', () => {
    expect(validationText('es-PE', XML_TEXT_MESSAGE)).toMatch(/caracteres no permitidos/);
    expect(validationText('en-EN', XML_TEXT_MESSAGE)).toMatch(/characters that are not allowed/);
  });
});

describe('issue 45 item 4: every free-text field that reaches a voucher, PDF, mail or XML refuses them', () => {
  const passenger = { ctipo_documento: 19, numero: '45678912', nombres: 'Rosa', paterno: 'Quispe', materno: 'Mamani', email: 'rosa@example.pe', celular: '987654321', genero: 'F', nacimiento: '1990-05-04' };
  const cases: [string, v.GenericSchema, Record<string, unknown>, string[]][] = [
    ['passenger', PassengerSchema, passenger, ['nombres', 'paterno', 'materno']],
    ['lap child', LapChildSchema, { ctipo_documento: 19, numero: '45678913', nombres: 'Inti', paterno: 'Quispe', materno: 'Rojas', nacimiento: '2024-01-01', parentesco: 'madre' }, ['nombres', 'paterno', 'materno']],
    ['guest', GuestSchema, { nombre: 'Rosa Quispe', email: 'rosa@example.pe' }, ['nombre']],
    ['buyer', BuyerSchema, { nombre: 'Rosa Quispe', email: 'rosa@example.pe', comprobante: 'factura', ruc: '20100047218', razon_social: 'Andes SAC' }, ['nombre', 'razon_social']],
    ['factura request', FacturaRequestSchema, { codigo: 'NY3U85CA', clave_bloqueo: '6f1c2b9e-3a4d-4e5f-8a7b-1c2d3e4f5a6b', ruc: '20100047218', razon_social: 'Andes SAC' }, ['razon_social']],
    ['company', CompanySchema, { ruc: '20100047218', razon_social: 'Andes SAC', contacto: 'Rosa', correo: 'rosa@example.pe', telefono: '987654321', mensaje: 'Hola' }, ['razon_social', 'contacto', 'correo', 'mensaje']],
    ['complaint', ComplaintSchema, { ...SHEET, genero: 'F', fecha_actual: '01/01/2026', destino: '4' }, ['datos', 'paterno', 'materno', 'direccion', 'correo', 'detalle', 'resultado']],
    ['sign-up', SignUpSchema, { tipo_doc: '19', num_doc: '45678912', nombres: 'Rosa', paterno: 'Quispe', materno: 'Mamani', sexo: 'F', fnacimiento: '1990-05-17', telefono: '987654321', correo: 'rosa@example.pe', clave: 'Andes2026', terminos: true }, ['nombres', 'paterno', 'materno']],
    ['profile', ProfileSchema, { tipo_doc: '19', num_doc: '45678912', nombres: 'Rosa', paterno: 'Quispe', materno: 'Mamani', sexo: 'F', fnacimiento: '1990-05-17', telefono: '987654321', correo_cc: '' }, ['nombres', 'paterno', 'materno']],
    ['sworn declaration', DeclarationSchema, { numero: 'NY3U85CA-1', contacto_nombre: 'Inti Quispe', contacto_telefono: '987654321', sin_objetos_prohibidos: true, apto_para_viajar: true, datos_veraces: true }, ['contacto_nombre']],
    ['disruption', DisruptionSchema, { cviaje: 1, tipo: 'cancelacion', motivo_es: 'Huaico en la vía', motivo_en: 'Landslide on the road' }, ['motivo_es', 'motivo_en']],
    ['cargo shipment', CargoShipmentSchema, { cagencia_origen: 1, cagencia_destino: 2, remitente: 'Rosa', remitente_documento: { ctipo_documento: 19, numero: '45678912' }, email: 'rosa@example.pe', destinatario: 'Inti', documento_destinatario: '45678913', paquetes: 1, peso_kg: 2, valor_declarado: 10, precio_centimos: 1500, ruc: '20100047218', razon_social: 'Andes SAC' }, ['remitente', 'destinatario', 'razon_social']],
  ];

  it.each(cases)('%s', (_name, schema, valid, fields) => {
    expect(firstIssue(schema, valid)).toBeUndefined();
    for (const field of fields) {
      for (const c of ['\u0001', '\uFFFF', '\uD800']) {
        const value = `${String(valid[field])}${c}x`;
        const result = v.safeParse(schema, { ...valid, [field]: value });
        expect(result.success).toBe(false);
        if (result.success) continue;
        expect(result.issues.map((issue) => [v.getDotPath(issue), issue.message])).toContainEqual([field, XML_TEXT_MESSAGE]);
      }
    }
  });
});
