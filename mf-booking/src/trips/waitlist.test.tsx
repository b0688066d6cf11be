import { ALERT } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import { answer, json, renderWithUi, stubEndpointCalls } from '@rumbo/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpBooking } from '../testing/render';
import { trip } from '../testing/fixtures';
import { WaitlistJoin } from './waitlist-join';
import { WaitlistStore } from './waitlist.store';

const TOKEN = '0123456789abcdef0123456789abcdef';
const SOLD_OUT = trip({ asientos_libres: 0 });

describe('the waitlist of a sold-out trip (issue 48)', () => {
  beforeEach(async () => {
    await setUpBooking('es-PE');
  });

  it("checks a guest's e-mail with the API's own schema before sending anything", async () => {
    const api = stubEndpointCalls();
    const store = new WaitlistStore(SOLD_OUT, 2, { signedIn: () => false });
    store.form.set('email', 'rosa@');
    expect(await store.join('es-PE')).toBe('email');
    expect(store.form.errors).toEqual([{ field: 'email', key: 'validation:waitlist.email.invalid' }]);
    expect(api.calls).toEqual([]);
  });

  it('joins for the search\'s passengers, in the page\'s language, then leaves with the place\'s token', async () => {
    const api = stubEndpointCalls(
      answer(endpoints.waitlistJoin, { cespera: 7, token: TOKEN, estado: 'esperando', posicion: 2, asientos: 2 }),
      answer(endpoints.waitlistLeave, { cespera: 7, token: TOKEN, estado: 'retirado', posicion: null, asientos: 2 }),
    );
    const store = new WaitlistStore(SOLD_OUT, 2, { signedIn: () => false });
    store.form.set('email', ' Rosa@Example.pe ');
    expect(await store.join('en-EN')).toBeUndefined();
    expect(api.calls[0]!.body).toEqual({ cviaje: 100, cterminal_origen: 1, cterminal_destino: 3, asientos: 2, email: 'rosa@example.pe', idioma: 'en-EN' });
    expect(store.place).toMatchObject({ posicion: 2 });
    await store.leave();
    expect(api.calls[1]!.body).toEqual({ cespera: 7, token: TOKEN });
    expect(store.place?.estado).toBe('retirado');
  });

  it("signed in, asks no e-mail (the account's is told) and shows the server's refusal on the alert", async () => {
    const api = stubEndpointCalls(answer(endpoints.waitlistJoin, () => json(409, { code: 'waitlist.limit', message: 'x' })));
    const store = new WaitlistStore(SOLD_OUT, 1, { signedIn: () => true });
    expect(await store.join('es-PE')).toBe(ALERT);
    expect(api.calls[0]!.body).not.toHaveProperty('email');
    expect(store.form.problem).toEqual({ key: 'validation:waitlist.limit', text: 'x' });
  });

  it('is a button that opens a labelled form, and says the place once joined', async () => {
    stubEndpointCalls(answer(endpoints.waitlistJoin, { cespera: 7, token: TOKEN, estado: 'esperando', posicion: 1, asientos: 1 }));
    const user = userEvent.setup();
    renderWithUi(<WaitlistJoin trip={SOLD_OUT} seats={1} store={new WaitlistStore(SOLD_OUT, 1, { signedIn: () => false })} />);
    const open = screen.getByRole('button', { name: 'Avisarme si se libera un asiento' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('form', { name: 'Lista de espera' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email para avisarle/), 'rosa@example.pe');
    await user.click(screen.getByRole('button', { name: 'Unirme a la lista' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Está en la lista de espera (puesto 1) para 1 asiento.');
    expect(screen.getByRole('button', { name: 'Dejar la lista' })).toBeInTheDocument();
  });
});
