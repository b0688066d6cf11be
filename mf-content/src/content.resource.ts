import { api } from '@rumbo/shared';
import type { Agency, City, Company, Promotion } from '@rumbo/shared/schemas';

/** Calls of the content screens to `/rest` (answers as api/README.md documents them). */

export type { Agency, City, Company, Promotion } from '@rumbo/shared/schemas';

export interface RouteFromPrice {
  origen: { cciudad: number; nombre: string; codigo: string };
  destino: { cciudad: number; nombre: string; codigo: string; slug: string };
  duracion_min: number;
  precio_desde: number | null;
}

export interface DestinationSummary extends City {
  resumen: string;
  precio_desde: number | null;
}

export interface Destination extends City {
  resumen: string;
  descripcion: string;
  terminales: { cterminal: number; nombre: string; direccion: string }[];
  agencias: Agency[];
  rutas: RouteFromPrice[];
}

export interface CompanyReceipt {
  id: number;
  ruc: string;
  razon_social: string;
}

export const fetchAgencies = (ciudad?: string) =>
  api.get<Agency[]>(ciudad ? `/rest/componente/punto_venta?ciudad=${encodeURIComponent(ciudad)}` : '/rest/componente/punto_venta');
export const fetchPromotions = () => api.get<Promotion[]>('/rest/promocion/obtener');
export const fetchDestinations = () => api.get<DestinationSummary[]>('/rest/destino');
export const fetchDestination = (slug: string) => api.get<Destination>(`/rest/destino/${encodeURIComponent(slug)}`);

export const subscribe = (correo: string) => api.post<{ correo: string; estado: string }>('/rest/componente/registrar', { correo });
export const confirmSubscription = (token: string) => api.post<{ correo: string; estado: string }>('/rest/componente/confirmar', { token });
export const unsubscribe = (token: string) => api.post<{ correo: string; estado: string }>('/rest/componente/baja', { token });

export const lookUpCompany = (ruc: string) => api.post<Company>('/rest/juridica/buscar', { ruc });
export const registerCompany = (body: Record<string, string>) => api.post<CompanyReceipt>('/rest/juridica/registrar', body);
