import * as v from 'valibot';
import { ApiError } from './api';
import { ALERT, FormState } from './form-state';

const Schema = v.object({
  correo: v.pipe(v.string(), v.email('form.correo.invalid')),
  codigo: v.pipe(v.string(), v.length(4, 'form.codigo.length')),
});

const blank = () => new FormState({ correo: '', codigo: '' }, { noAnswer: { key: 'test:offline' }, codeFields: { 'form.codigo.unknown': 'codigo' } });

describe('FormState: check → send → the server’s answer → where the focus goes', () => {
  it('a failed check sends nothing, gives every field its message and focuses the first', async () => {
    const form = blank();
    const call = jest.fn();
    const outcome = await form.submit(Schema, call);
    expect(outcome).toEqual({ ok: false, focus: 'correo' });
    expect(call).not.toHaveBeenCalled();
    expect(form.errors.map((error) => [error.field, error.key])).toEqual([
      ['correo', 'validation:form.correo.invalid'],
      ['codigo', 'validation:form.codigo.length'],
    ]);
  });

  it('sends the parsed values and gives back the answer', async () => {
    const form = blank();
    form.set('correo', 'rosa@example.pe');
    form.set('codigo', 'AB12');
    const outcome = await form.submit(Schema, async (input) => ({ echoed: input.codigo }));
    expect(outcome).toEqual({ ok: true, value: { echoed: 'AB12' } });
    expect(form.errors).toEqual([]);
    expect(form.problem).toBeNull();
  });

  it('a refusal about a field lands on it; one about a code the form maps, too; any other on the alert', async () => {
    const form = blank();
    form.reset({ correo: 'rosa@example.pe', codigo: 'AB12' });
    const byField = await form.send(() => Promise.reject(new ApiError(400, 'Correo ya usado', 'form.correo.taken', 'correo')));
    expect(byField).toEqual({ ok: false, focus: 'correo' });
    expect(form.fieldError('correo')).toEqual({ field: 'correo', key: 'validation:form.correo.taken', text: 'Correo ya usado' });

    const byCode = await form.send(() => Promise.reject(new ApiError(404, 'No existe', 'form.codigo.unknown')));
    expect(byCode).toEqual({ ok: false, focus: 'codigo' });
    expect(form.errors).toEqual([{ field: 'codigo', key: 'validation:form.codigo.unknown', text: 'No existe' }]);
    expect(form.problem).toBeNull();

    const other = await form.send(() => Promise.reject(new ApiError(429, 'Demasiadas', 'request.tooMany')));
    expect(other).toEqual({ ok: false, focus: ALERT });
    expect(form.problem).toEqual({ key: 'validation:request.tooMany', text: 'Demasiadas' });
  });

  it('no answer (network) is the form’s own message on the alert, and nothing typed is lost', async () => {
    const form = blank();
    form.reset({ correo: 'rosa@example.pe', codigo: 'AB12' });
    expect(await form.send(async () => undefined)).toEqual({ ok: false, focus: ALERT });
    expect(form.problem).toEqual({ key: 'test:offline' });
    expect(form.values).toEqual({ correo: 'rosa@example.pe', codigo: 'AB12' });
  });

  it('a second submit while one is under way sends nothing and moves no focus', async () => {
    const form = blank();
    form.reset({ correo: 'rosa@example.pe', codigo: 'AB12' });
    let finish: (value: string) => void = () => undefined;
    const first = form.submit(Schema, () => new Promise<string>((resolve) => (finish = resolve)));
    expect(form.sending).toBe(true);
    const call = jest.fn();
    expect(await form.submit(Schema, call)).toEqual({ ok: false, focus: undefined });
    expect(call).not.toHaveBeenCalled();
    finish('done');
    expect(await first).toEqual({ ok: true, value: 'done' });
    expect(form.sending).toBe(false);
  });

  it('changing a field takes its message away, not the others', async () => {
    const form = blank();
    await form.submit(Schema, jest.fn());
    form.set('correo', 'rosa@example.pe');
    expect(form.fieldError('correo')).toBeUndefined();
    expect(form.fieldError('codigo')).toBeDefined();
  });

  it("binds a field for its component: name, value, setter and message", async () => {
    const form = blank();
    await form.submit(Schema, jest.fn());
    const codigo = form.bind('codigo');
    expect(codigo).toMatchObject({ name: 'codigo', value: '', error: { field: 'codigo', key: 'validation:form.codigo.length' } });
    codigo.onValue('AB12');
    expect(form.values.codigo).toBe('AB12');
    expect(form.bind('codigo').error).toBeUndefined();
  });
});

describe('FormState: a list of sub-forms sent as one', () => {
  const Nested = v.object({ clave: v.pipe(v.string(), v.length(4, 'form.codigo.length')), comprador: v.object({ correo: v.pipe(v.string(), v.email('form.correo.invalid')) }) });

  it("checks a form whose values the request carries under its prefix: the issues name the form's fields", () => {
    const buyer = new FormState({ correo: '' }, { prefix: 'comprador' });
    expect(buyer.check(Nested, { clave: 'AB1', comprador: buyer.values })).toEqual({ ok: false, focus: 'clave' });
    expect(buyer.errors.map((error) => [error.field, error.key])).toEqual([
      ['clave', 'validation:form.codigo.length'],
      ['correo', 'validation:form.correo.invalid'],
    ]);
  });

  it('a refusal lands on the first of the forms it may be about that has its field; else on the sending form’s alert', async () => {
    const passenger = new FormState({ correo: 'ana@example.pe', nombre: 'Ana' }, { prefix: 'pasajero' });
    const buyer = new FormState({ correo: 'rosa@example.pe' }, { prefix: 'comprador' });
    const coupon = new FormState({ cupon: 'VERANO' });
    const purchase = new FormState({});
    const among = () => [passenger, buyer, coupon];

    expect(await purchase.send(() => Promise.reject(new ApiError(400, 'Correo', 'form.correo.invalid', 'pasajero.correo')), among)).toEqual({ ok: false, focus: 'correo' });
    expect(passenger.errors).toEqual([{ field: 'correo', key: 'validation:form.correo.invalid', text: 'Correo' }]);
    expect(buyer.errors).toEqual([]);

    expect(await purchase.send(() => Promise.reject(new ApiError(400, 'Correo', 'form.correo.invalid', 'comprador.correo')), () => [buyer, coupon])).toEqual({ ok: false, focus: 'correo' });
    expect(buyer.errors).toEqual([{ field: 'correo', key: 'validation:form.correo.invalid', text: 'Correo' }]);

    expect(await purchase.send(() => Promise.reject(new ApiError(400, 'Vencido', 'sale.cupon.vencido', 'cupon')), among)).toEqual({ ok: false, focus: 'cupon' });
    expect(coupon.fieldError('cupon')).toEqual({ field: 'cupon', key: 'validation:sale.cupon.vencido', text: 'Vencido' });
    expect(purchase.problem).toBeNull();

    expect(await purchase.send(() => Promise.reject(new ApiError(409, 'Vencida', 'sale.reserva.vencida', 'cupon')), among)).toEqual({ ok: false, focus: ALERT });
    expect(purchase.problem).toEqual({ key: 'validation:sale.reserva.vencida', text: 'Vencida' });
    expect(await purchase.send(() => Promise.reject(new Error('offline')), among)).toEqual({ ok: false, focus: ALERT });
    expect(purchase.problem).toEqual({ key: 'validation:request.failed' });
  });

  it('a form of one field shows any of its messages under that field', async () => {
    const points = new FormState({ puntos: '' });
    expect(points.soleMessage('puntos')).toBeUndefined();
    points.check(v.object({ clave: v.pipe(v.string(), v.length(4, 'form.codigo.length')) }), { clave: 'AB1' });
    expect(points.soleMessage('puntos')).toEqual({ field: 'clave', key: 'validation:form.codigo.length' });
    points.reset({ puntos: '12' });
    await points.send(async () => undefined);
    expect(points.soleMessage('puntos')).toEqual({ key: 'validation:request.failed' });
    points.failField('puntos', { key: 'validation:points.minimum' });
    expect(points.soleMessage('puntos')).toEqual({ field: 'puntos', key: 'validation:points.minimum' });
  });

  it('a check of what the customer did not type fails on the alert; a failed call outside a send is shown the same way', () => {
    const form = new FormState({ cupon: '' });
    expect(form.checkAlert(Schema, { correo: 'rosa@example.pe', codigo: 'AB1' })).toEqual({ ok: false, focus: ALERT });
    expect(form.problem).toEqual({ key: 'validation:form.codigo.length' });
    expect(form.errors).toEqual([]);
    expect(form.checkAlert(Schema, { correo: 'rosa@example.pe', codigo: 'AB12' })).toEqual({ ok: true, value: { correo: 'rosa@example.pe', codigo: 'AB12' } });
    expect(form.problem).toBeNull();
    expect(form.refuse(new ApiError(401, 'Inicie sesión', 'auth.required'))).toBe(ALERT);
    expect(form.problem).toEqual({ key: 'validation:auth.required', text: 'Inicie sesión' });
    expect(form.refuse(new TypeError('offline'))).toBe(ALERT);
    expect(form.problem).toEqual({ key: 'validation:request.failed' });
  });

  it('claims only a refusal about one of its own fields', () => {
    const form = new FormState({ cupon: 'VERANO' });
    expect(form.claim(new ApiError(400, 'Correo', 'form.correo.invalid', 'correo'))).toBeUndefined();
    expect(form.claim(new Error('offline'))).toBeUndefined();
    expect(form.errors).toEqual([]);
    expect(form.claim(new ApiError(400, 'Vencido', 'sale.cupon.vencido', 'cupon'))).toBe('cupon');
  });
});
