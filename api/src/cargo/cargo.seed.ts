import { clock } from '@rumbo/shared/clock';
import type { Database } from '../db/client';
import { encomienda, encomienda_evento } from './cargo.tables';
import type { ShipmentState } from '@rumbo/shared/schemas';

interface ShipmentSeed {
  codigo: string;
  origen: number;
  destino: number;
  remitente: string;
  destinatario: string;
  documento: string;
  pide_documento?: boolean;
  paquetes: number;
  peso_kg: number;
  valor_declarado: number;
  /** Hours before the seed ran that the shipment was received. */
  horasAtras: number;
  /** Each event: state, agency, hours after reception. */
  eventos: [ShipmentState, number | null, number][];
}

/**
 * Demo shipments, one per stage of the timeline, so tracking is real on a fresh database. Their
 * times are relative to the first seed (inserted once, never moved afterwards). Their codes were
 * drawn with newTrackingCode (issue 15: no sequence to walk from one code to the next).
 */
export const SHIPMENTS: readonly ShipmentSeed[] = [
  {
    codigo: 'RA48213907', origen: 41, destino: 11, remitente: 'María Elena Quispe Huamán', destinatario: 'José Luis Mamani Condori',
    documento: '45871236', paquetes: 2, peso_kg: 18.5, valor_declarado: 350, horasAtras: 72,
    eventos: [['recibido', 41, 0], ['en_transito', 41, 3], ['llegado', 11, 20], ['en_reparto', 11, 26], ['entregado', 11, 29]],
  },
  {
    codigo: 'RA70564218', origen: 1002, destino: 21, remitente: 'Carlos Alberto Rojas Vega', destinatario: 'Ana Lucía Huallpa Ttito',
    documento: '70123456', paquetes: 1, peso_kg: 4.2, valor_declarado: 120, horasAtras: 8,
    eventos: [['recibido', 1002, 0], ['en_transito', 41, 4]],
  },
  {
    codigo: 'RA93150642', origen: 31, destino: 41, remitente: 'Rosa María Castillo Paredes', destinatario: 'Pedro Pablo Gutiérrez Salas',
    documento: '41234567', pide_documento: true, paquetes: 3, peso_kg: 42, valor_declarado: 900, horasAtras: 16,
    eventos: [['recibido', 31, 0], ['en_transito', 31, 1], ['llegado', 41, 11], ['en_reparto', 41, 14]],
  },
  {
    codigo: 'RA26897351', origen: 1011, destino: 51, remitente: 'Luis Fernando Chávez Ríos', destinatario: 'Carmen Rosa Seminario Li',
    documento: '09876543', paquetes: 1, peso_kg: 1.3, valor_declarado: 80, horasAtras: 2,
    eventos: [['recibido', 1011, 0]],
  },
  {
    codigo: 'RA61432085', origen: 42, destino: 1031, remitente: 'Jorge Enrique Vargas Luna', destinatario: 'Silvia Patricia Alvarado Cruz',
    documento: '46543210', paquetes: 4, peso_kg: 65, valor_declarado: 1500, horasAtras: 14,
    eventos: [['recibido', 42, 0], ['en_transito', 42, 1], ['llegado', 31, 10]],
  },
];

export async function seedCargo(db: Database, now: Date = clock.now()): Promise<void> {
  const hour = 3_600_000;
  for (const s of SHIPMENTS) {
    const registrado = new Date(now.getTime() - s.horasAtras * hour);
    const inserted = await db
      .insert(encomienda)
      .values({
        codigo: s.codigo,
        cagencia_origen: s.origen,
        cagencia_destino: s.destino,
        remitente: s.remitente,
        destinatario: s.destinatario,
        documento_destinatario: s.documento,
        pide_documento: s.pide_documento ?? false,
        paquetes: s.paquetes,
        peso_kg: s.peso_kg,
        valor_declarado: s.valor_declarado,
        registrado,
      })
      .onConflictDoNothing()
      .returning({ codigo: encomienda.codigo });
    if (!inserted.length) continue;
    await db.insert(encomienda_evento).values(
      s.eventos.map(([estado, cagencia, horas], orden) => ({
        codigo: s.codigo,
        orden: orden + 1,
        estado,
        cagencia,
        fecha: new Date(registrado.getTime() + horas * hour),
      })),
    );
  }
}
