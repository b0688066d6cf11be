import { INCIDENT_DATA_KINDS, type Affected, type IncidentDataKind, type IncidentInput, type Language } from '@rumbo/shared/schemas';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { NotFoundError } from '../errors';
import { enqueueMail } from '../mail/outbox';
import { CLOSED_DOMAIN } from './close-account';
import { incidentMail } from './privacy-mail';
import { incidente_aviso, incidente_seguridad } from './privacy.tables';

/** The term to report a breach, from its detection (docs/incidents.md). */
export const INCIDENT_TERM_MS = 48 * 60 * 60_000;
/** Addresses told per transaction: a bulk notice never holds one long transaction. */
const NOTICE_BATCH = 100;

type Incident = typeof incidente_seguridad.$inferSelect;

async function countNotices(db: Database, id: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from incidente_aviso where id_incidente = ${id}`);
  return Number(row?.n ?? 0);
}

async function view(db: Database, row: Incident) {
  return {
    id: row.id,
    titulo: row.titulo,
    descripcion: row.descripcion,
    desde: row.desde.toISOString(),
    hasta: row.hasta.toISOString(),
    datos: row.datos as IncidentDataKind[],
    detectado: row.detectado.toISOString(),
    plazo: new Date(row.detectado.getTime() + INCIDENT_TERM_MS).toISOString(),
    registrado: row.registrado.toISOString(),
    operador: row.operador,
    anpd_comunicado: row.anpd_comunicado?.toISOString() ?? null,
    cnsd_comunicado: row.cnsd_comunicado?.toISOString() ?? null,
    avisados: await countNotices(db, row.id),
  };
}

async function incidentOf(db: Database, id: number): Promise<Incident> {
  const [row] = await db.select().from(incidente_seguridad).where(eq(incidente_seguridad.id, id));
  if (!row) throw new NotFoundError();
  return row;
}

/** `POST /rest/operador/incidentes`: records an incident. */
export async function recordIncident(db: Database, input: IncidentInput, operador: string, now: Date) {
  const [row] = await db
    .insert(incidente_seguridad)
    .values({ titulo: input.titulo, descripcion: input.descripcion, desde: new Date(input.desde), hasta: new Date(input.hasta), datos: [...new Set(input.datos)], detectado: new Date(input.detectado), registrado: now, operador })
    .returning();
  return view(db, row!);
}

/** `GET /rest/operador/incidentes`: newest first. */
export async function listIncidents(db: Database) {
  const rows = await db.select().from(incidente_seguridad).orderBy(desc(incidente_seguridad.id));
  return Promise.all(rows.map((row) => view(db, row)));
}

/** `POST /rest/operador/incidentes/:id/comunicado`: when the ANPD or the CNSD was told. */
export async function recordReport(db: Database, id: number, report: { destino: 'anpd' | 'cnsd'; fecha: string }) {
  await incidentOf(db, id);
  const at = new Date(report.fecha);
  const [row] = await db
    .update(incidente_seguridad)
    .set(report.destino === 'anpd' ? { anpd_comunicado: at } : { cnsd_comunicado: at })
    .where(eq(incidente_seguridad.id, id))
    .returning();
  return view(db, row!);
}

const language = (value: string | null): Language => (value === 'en-EN' ? 'en-EN' : 'es-PE');

/**
 * Who is affected by an incident: every address whose data of the kinds named were written (made
 * or changed) in the window `[desde, hasta)`:
 * - `cuentas`: an open account created or changed in it (its e-mail);
 * - `compras`: a purchase made or paid in it: its buyer and each passenger with an e-mail;
 * - `reclamos`: a complaints-book sheet filed in it;
 * - `suscripciones`: a promotions subscription made in it.
 * One row per address (lower-cased), with the kinds found, in the account's language when the
 * address has an open account, else in the language of its latest record. Addresses already
 * erased (a closed account's placeholder, an erased purchase's blank) are no one's.
 * A database copy taken at one moment exposed everything held then: its window starts at the
 * store's first day (docs/incidents.md).
 */
export async function affectedBy(db: Database, window: { desde: Date; hasta: Date }, kinds: readonly IncidentDataKind[]): Promise<Affected> {
  const desde = window.desde.toISOString();
  const hasta = window.hasta.toISOString();
  const inWindow = (column: string) => sql.raw(`(${column} >= '${desde}'::timestamptz and ${column} < '${hasta}'::timestamptz)`);
  const parts = {
    cuentas: sql`select c.correo, c.idioma, c.actualizado_en as fecha, 'cuentas' as dato from cuenta c where c.cerrada_en is null and (${inWindow('c.creado_en')} or ${inWindow('c.actualizado_en')})`,
    compras: sql`
      select r.comprador_email as correo, r.idioma, r.creado as fecha, 'compras' as dato from reserva r where ${inWindow('r.creado')} or ${inWindow('r.pagado')}
      union all
      select ra.email, r.idioma, r.creado, 'compras' from reserva r join reserva_asiento ra on ra.creserva = r.creserva where ${inWindow('r.creado')} or ${inWindow('r.pagado')}`,
    reclamos: sql`select x.correo, x.idioma, x.fecha, 'reclamos' as dato from reclamacion x where ${inWindow('x.fecha')}`,
    suscripciones: sql`select s.correo, s.idioma, s.creado as fecha, 'suscripciones' as dato from suscripcion s where ${inWindow('s.creado')}`,
  } satisfies Record<IncidentDataKind, unknown>;
  const chosen = INCIDENT_DATA_KINDS.filter((kind) => kinds.includes(kind));
  if (chosen.length === 0) return { total: 0, afectados: [] };
  const rows = await queryRows<{ correo: string; idioma: string | null; ccuenta: number | null; cuenta_idioma: string | null; dato: IncidentDataKind }>(db, sql`
    with found as (${sql.join(chosen.map((kind) => sql`(${parts[kind]})`), sql` union all `)}),
    latest as (
      select lower(trim(correo)) as correo, dato, first_value(idioma) over (partition by lower(trim(correo)) order by fecha desc nulls last) as idioma
      from found where trim(coalesce(correo, '')) <> '' and lower(correo) not like ${`%@${CLOSED_DOMAIN}`})
    select l.correo, l.dato, l.idioma, a.ccuenta, a.idioma as cuenta_idioma
    from (select distinct correo, dato, idioma from latest) l
    left join cuenta a on a.correo = l.correo and a.cerrada_en is null
    order by l.correo, l.dato`);
  const byAddress = new Map<string, Affected['afectados'][number]>();
  for (const row of rows) {
    const found = byAddress.get(row.correo) ?? { correo: row.correo, idioma: language(row.cuenta_idioma ?? row.idioma), ccuenta: row.ccuenta === null ? null : Number(row.ccuenta), datos: [] };
    if (!found.datos.includes(row.dato)) found.datos.push(row.dato);
    byAddress.set(row.correo, found);
  }
  const afectados = [...byAddress.values()];
  return { total: afectados.length, afectados };
}

/** `GET /rest/operador/incidentes/:id/afectados`. */
export async function incidentAffected(db: Database, id: number): Promise<Affected> {
  const incident = await incidentOf(db, id);
  return affectedBy(db, incident, incident.datos as IncidentDataKind[]);
}

/**
 * `POST /rest/operador/incidentes/:id/aviso`: the notice to every affected address, in its
 * language, through the mail outbox. Each address's row (`incidente_aviso`) and its mail are
 * written in one transaction, batch by batch: an address already told (an earlier or concurrent
 * notice) is skipped, so a retry after a failure halfway tells the rest and nobody twice.
 */
export async function noticeAffected(
  db: Database,
  id: number,
  notice: { asunto_es: string; asunto_en: string; texto_es: string; texto_en: string },
  now: Date,
): Promise<{ enviados: number; total: number }> {
  const incident = await incidentOf(db, id);
  const { afectados } = await affectedBy(db, incident, incident.datos as IncidentDataKind[]);
  let enviados = 0;
  for (let start = 0; start < afectados.length; start += NOTICE_BATCH) {
    const batch = afectados.slice(start, start + NOTICE_BATCH);
    enviados += await db.transaction(async (tx) => {
      let told = 0;
      for (const person of batch) {
        const claimed = await tx.insert(incidente_aviso).values({ id_incidente: id, correo: person.correo, idioma: person.idioma, fecha: now }).onConflictDoNothing().returning({ correo: incidente_aviso.correo });
        if (claimed.length === 0) continue;
        const english = person.idioma === 'en-EN';
        await enqueueMail(tx, incidentMail(person.correo, person.idioma, english ? notice.asunto_en : notice.asunto_es, english ? notice.texto_en : notice.texto_es));
        told += 1;
      }
      return told;
    });
  }
  return { enviados, total: await countNotices(db, id) };
}

