import { OPERATOR } from '../operator';
import { PROTECCION_DATOS } from '../content/pages/proteccion-datos';
import { PRIVACY_POLICY, PROCESSORS, RETENTION_ROWS } from './privacy-notice';

const decode = (html: string) => html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

describe('the privacy page (issue 47: transparency, from data)', () => {
  it.each(['es-PE', 'en-EN'] as const)('in %s names each processor with its country and purpose, the officer, the address, retention per kind, the version and date', (language) => {
    const html = decode(PROTECCION_DATOS.texts[language].html);
    for (const processor of PROCESSORS) {
      expect(html).toContain(processor.nombre);
      expect(html).toContain(processor.pais[language]);
      expect(html).toContain(processor.finalidad[language]);
    }
    for (const name of ['SafetyPay', 'PagoEfectivo', 'Culqi', 'Google', 'Facebook', 'Apple Wallet', 'Google Wallet', 'push', 'OpenStreetMap', 'SMTP', 'SUNAT']) expect(html).toContain(name);
    for (const row of RETENTION_ROWS) expect(html).toContain(row.plazo[language]);
    expect(html).toContain('Oficial de Datos Personales');
    expect(html).toContain('datos@rumboandino.pe');
    expect(html).toContain(OPERATOR.direccion);
    expect(html).toContain(PRIVACY_POLICY.version);
    expect(PROTECCION_DATOS.actualizado).toBe(PRIVACY_POLICY.fecha);
  });
});
