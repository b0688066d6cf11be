import * as v from 'valibot';
import { limaToday } from './format';
import { addDays, HOLD_EXTENSIONS, HOLD_MAX_MINUTES, HOLD_MINUTES, HOLD_WARNING_SECONDS, HoldExtensionSchema, SeatHoldSchema, TripSearchFormSchema } from './trips.schema';

const firstIssue = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? undefined : { message: result.issues[0].message, key: result.issues[0].path?.[0]?.key };
};

describe('limaToday', () => {
  it('is the date in Lima (UTC−5), not the device’s', () => {
    expect(limaToday(new Date('2026-11-23T04:59:00Z'))).toBe('2026-11-22');
    expect(limaToday(new Date('2026-11-23T05:00:00Z'))).toBe('2026-11-23');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('TripSearchFormSchema', () => {
  const today = limaToday();
  const valid = { origen: 'LIM', destino: 'AQP', fecha: today, pasajeros: 2 };

  it('refuses a day that is not on the calendar (issue 32 item 7), also as the return date', () => {
    expect(firstIssue(TripSearchFormSchema, { ...valid, fecha: '2026-11-31' })).toEqual({ message: 'trip.fecha.invalid', key: 'fecha' });
    expect(firstIssue(TripSearchFormSchema, { ...valid, fecha: '2026-02-30' })?.message).toBe('trip.fecha.invalid');
    expect(firstIssue(TripSearchFormSchema, { ...valid, regreso: '2027-02-29' })).toEqual({ message: 'trip.fecha.invalid', key: 'regreso' });
    expect(firstIssue(TripSearchFormSchema, { ...valid, fecha: '2028-02-29' })?.message).not.toBe('trip.fecha.invalid');
  });

  it('accepts a one-way search from today and a round trip', () => {
    expect(firstIssue(TripSearchFormSchema, valid)).toBeUndefined();
    expect(firstIssue(TripSearchFormSchema, { ...valid, regreso: addDays(today, 3) })).toBeUndefined();
  });

  it.each([
    [{ origen: '' }, 'trip.origen.required', 'origen'],
    [{ destino: 'LIM', origen: 'LIM' }, 'trip.destino.same', 'destino'],
    [{ fecha: addDays(today, -1) }, 'trip.fecha.past', 'fecha'],
    [{ fecha: addDays(today, 61) }, 'trip.fecha.far', 'fecha'],
    [{ regreso: addDays(today, -1) }, 'trip.fecha.past', 'regreso'],
    [{ fecha: addDays(today, 5), regreso: addDays(today, 4) }, 'trip.regreso.before', 'regreso'],
    [{ pasajeros: 6 }, 'trip.pasajeros.range', 'pasajeros'],
    [{ pasajeros: 0 }, 'trip.pasajeros.range', 'pasajeros'],
  ])('refuses %j with %s on %s', (patch, message, key) => {
    expect(firstIssue(TripSearchFormSchema, { ...valid, ...patch })).toEqual({ message, key });
  });
});

describe('SeatHoldSchema', () => {
  const hold = {
    cviaje: 1,
    cviaje_asiento: 10,
    cterminal_origen: 41,
    cterminal_destino: 11,
    nasiento: 3,
    gnivel_piso: 15,
    gcategoria_asiento: 180,
    gestado_asiento: 84,
    susuario: 'TVIRT',
    cusuario: 50005,
  };

  it('takes holds and releases through the web channel only', () => {
    expect(firstIssue(SeatHoldSchema, hold)).toBeUndefined();
    expect(firstIssue(SeatHoldSchema, { ...hold, gestado_asiento: 83, clave_bloqueo: '3b241101-e2bb-4255-8caf-4136c566a962' })).toBeUndefined();
    expect(firstIssue(SeatHoldSchema, { ...hold, gestado_asiento: 82 })?.key).toBe('gestado_asiento');
    expect(firstIssue(SeatHoldSchema, { ...hold, cusuario: 1 })).toEqual({ message: 'trip.channel', key: 'cusuario' });
  });
});

describe('HoldExtensionSchema (POST /rest/asiento/extender)', () => {
  it('takes a purchase key and nothing else that is not one', () => {
    expect(v.safeParse(HoldExtensionSchema, { clave_bloqueo: '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c' }).success).toBe(true);
    for (const body of [{}, { clave_bloqueo: 'abc' }, { clave_bloqueo: 7 }, null]) {
      const parsed = v.safeParse(HoldExtensionSchema, body);
      expect(parsed.success).toBe(false);
      if (!parsed.success) expect(parsed.issues[0].message).toBe('request.invalid');
    }
  });

  it('keeps the cap above what the extensions can reach from the first hold', () => {
    expect(HOLD_MAX_MINUTES).toBeGreaterThanOrEqual(HOLD_MINUTES);
    expect(HOLD_MAX_MINUTES).toBeLessThanOrEqual(HOLD_MINUTES * (HOLD_EXTENSIONS + 1));
    expect(HOLD_WARNING_SECONDS).toBeGreaterThanOrEqual(120);
  });
});
