import * as v from 'valibot';
import { DocumentSchema, MinorGuardianSchema, PassengerSchema, SeatPassengerSchema } from '../schemas/sales.schema';
import { endpoint } from './endpoint';

/** `POST /rest/persona/buscar`: whether a document is known, and only the given names. */
export const PersonFoundAnswer = v.variant('encontrado', [v.object({ encontrado: v.literal(false) }), v.object({ encontrado: v.literal(true), nombres: v.string() })]);
export type PersonFound = v.InferOutput<typeof PersonFoundAnswer>;

/** `/rest/persona/*` and the passengers of held seats (`/rest/asiento/asociar`, `/rest/asiento/menor`). */
export const peopleEndpoints = {
  personFound: endpoint({ method: 'POST', path: '/rest/persona/buscar', module: 'people', summary: 'Whether a document is known (given names only)', body: DocumentSchema, answer: PersonFoundAnswer, session: 'none' }),
  person: endpoint({
    method: 'POST', path: '/rest/persona/registrar', module: 'people', summary: 'Record a passenger (a known document keeps its record)', body: PassengerSchema,
    answer: v.object({ cpersona: v.optional(v.number()) }), status: 201, session: 'none',
  }),
  seatPassenger: endpoint({
    method: 'POST', path: '/rest/asiento/asociar', module: 'people', summary: 'The passenger of a held seat', body: SeatPassengerSchema, answer: v.object({ cviaje_asiento: v.number(), menor: v.boolean() }), session: 'none',
    errors: { 400: ['sale.infante.edad', 'sale.infante.portador'], 409: ['seat.notHeld'] },
  }),
  minorGuardian: endpoint({
    method: 'POST', path: '/rest/asiento/menor', module: 'people', summary: "A minor's adult companion", body: MinorGuardianSchema,
    answer: v.object({ casiento: v.number(), casiento_responsable: v.number(), parentesco: v.string() }), session: 'none',
    errors: { 400: ['request.invalid', 'sale.responsable.adult', 'sale.autorizacion.required'], 409: ['seat.notHeld'] },
  }),
} as const;
