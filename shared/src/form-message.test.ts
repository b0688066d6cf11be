import * as v from 'valibot';
import { ApiError } from './api';
import { firstIssues, fromError, messageText } from './form-message';
import { addValidationMessages, i18n } from './i18n';
import { tripMessages } from './schemas';
import { setUpShared } from './testing';

beforeAll(async () => {
  await setUpShared('es-PE');
  // As the search widget registers the messages of its form.
  addValidationMessages(tripMessages);
});

describe('form messages', () => {
  it('keeps the first issue of each field, as a validation key', () => {
    const schema = v.object({ correo: v.pipe(v.string(), v.nonEmpty('trip.origen.required'), v.email('complaint.correo.format')) });
    const result = v.safeParse(schema, { correo: '' });
    expect(result.success).toBe(false);
    expect(firstIssues(result.issues!)).toEqual({ correo: { key: 'trip.origen.required' } });
  });

  it('turns a server error into its field and message; anything else into "request failed"', () => {
    expect(fromError(new ApiError(400, 'Seleccione el origen', 'trip.origen.required', 'origen'))).toEqual({
      field: 'origen',
      message: { key: 'trip.origen.required', text: 'Seleccione el origen' },
    });
    expect(fromError(new ApiError(409, 'Texto del servidor', 'unknown.code'))).toEqual({ field: undefined, message: { text: 'Texto del servidor' } });
    expect(fromError(new TypeError('network'))).toEqual({ message: { key: 'request.failed' } });
    // A code of a domain this page's packages did not register: the server's text, as it is.
    expect(fromError(new ApiError(400, 'Ingrese el RUC', 'company.ruc.required', 'ruc'))).toEqual({
      field: 'ruc',
      message: { text: 'Ingrese el RUC' },
    });
  });

  it('reads a key in the current language, and falls back to the server’s text', async () => {
    const t = i18n.getFixedT(null, 'content');
    expect(messageText(t, { key: 'trip.origen.required' })).toBe('Seleccione el origen');
    await i18n.changeLanguage('en-EN');
    expect(messageText(i18n.getFixedT(null, 'content'), { key: 'trip.origen.required' })).toBe('Select the origin');
    expect(messageText(t, { text: 'Sin clave' })).toBe('Sin clave');
  });

  it('takes a key with its namespace, and the server’s text for a key this page has no text for', async () => {
    await i18n.changeLanguage('es-PE');
    const t = i18n.getFixedT(null, 'content');
    expect(messageText(t, { key: 'validation:trip.origen.required' })).toBe('Seleccione el origen');
    expect(messageText(t, { key: 'validation:cargo.codigo.unknownHere', text: 'No encontramos ese envío.' })).toBe('No encontramos ese envío.');
    expect(messageText(t, { key: 'account:errors.unknownHere', text: 'Sin conexión' })).toBe('Sin conexión');
  });
});
