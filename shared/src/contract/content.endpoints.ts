import * as v from 'valibot';
import { OperatorDataAnswer } from '../contracts';
import { AgencyAnswer, CityAnswer } from '../schemas/content.contract';
import { endpoint } from './endpoint';

/** `GET /rest/informacion`: a page of the site's information (terms, privacy...) without its text. */
export const PageSummaryAnswer = v.object({ id: v.number(), slug: v.string(), titulo: v.string(), idioma: v.string() });
export type PageSummary = v.InferOutput<typeof PageSummaryAnswer>;

/** `GET /rest/informacion/:id`: one page, its HTML sanitized. */
export const PageAnswer = v.object({ id: v.number(), slug: v.string(), titulo: v.string(), html: v.string(), actualizado: v.string() });
export type Page = v.InferOutput<typeof PageAnswer>;

/** `GET /rest/destino`: a destination with its lowest "from" price of the coming days. */
export const DestinationSummaryAnswer = v.object({ ...CityAnswer.entries, resumen: v.string(), precio_desde: v.nullable(v.number()) });
export type DestinationSummary = v.InferOutput<typeof DestinationSummaryAnswer>;

/** A route to a destination with its lowest "from" price (soles; null when no trip is on sale). */
export const RouteFromPriceAnswer = v.object({
  origen: v.object({ cciudad: v.number(), nombre: v.string(), codigo: v.string() }),
  destino: v.object({ cciudad: v.number(), nombre: v.string(), codigo: v.string(), slug: v.string() }),
  duracion_min: v.number(),
  precio_desde: v.nullable(v.number()),
});

/** `GET /rest/destino/:slug`: a destination page. */
export const DestinationAnswer = v.object({
  ...CityAnswer.entries,
  resumen: v.string(),
  descripcion: v.string(),
  terminales: v.array(v.object({ cterminal: v.number(), nombre: v.string(), direccion: v.string() })),
  agencias: v.array(AgencyAnswer),
  rutas: v.array(RouteFromPriceAnswer),
});
export type Destination = v.InferOutput<typeof DestinationAnswer>;



export const contentEndpoints = {
  pages: endpoint({ method: 'GET', path: '/rest/informacion', module: 'content', summary: "The information pages in the caller's language", answer: v.array(PageSummaryAnswer), session: 'none' }),
  operator: endpoint({ method: 'GET', path: '/rest/informacion/representante', module: 'content', summary: "The operator's legal data and contact channels", answer: OperatorDataAnswer, session: 'none' }),
  page: endpoint({ method: 'GET', path: '/rest/informacion/:id', module: 'content', summary: 'One information page by number or slug', answer: PageAnswer, session: 'none', errors: { 404: ['request.notFound'] } }),
  cities: endpoint({ method: 'GET', path: '/rest/iata', module: 'content', summary: 'The cities with their codes', answer: v.array(CityAnswer), session: 'none' }),
  destinations: endpoint({ method: 'GET', path: '/rest/destino', module: 'content', summary: 'The destinations with their lowest "from" price', answer: v.array(DestinationSummaryAnswer), session: 'none' }),
  destination: endpoint({ method: 'GET', path: '/rest/destino/:slug', module: 'content', summary: 'A destination page', answer: DestinationAnswer, session: 'none', errors: { 404: ['request.notFound'] } }),
} as const;
