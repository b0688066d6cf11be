import { and, eq } from 'drizzle-orm';
import { cuenta } from '../accounts/accounts.tables';
import type { Database } from '../db/client';
import { NotFoundError } from '../errors';
import { persona } from '../people/people.tables';
import { invitado } from './sales.tables';

// Guests and the passenger look-up (`/rest/invitado`, `/rest/persona/obtener`).

/** `POST /rest/invitado`: records the guest; tells whether the e-mail has an account (to suggest signing in). */
export async function registerGuest(db: Database, body: { nombre: string; email: string }, now: Date, tellAccount = true) {
  const [row] = await db.insert(invitado).values({ ...body, creado: now }).returning({ cinvitado: invitado.cinvitado });
  const [account] = await db.select({ ccuenta: cuenta.ccuenta }).from(cuenta).where(eq(cuenta.correo, body.email)).limit(1);
  return { cinvitado: row!.cinvitado, tiene_cuenta: tellAccount && Boolean(account) };
}

/** `POST /rest/persona/obtener`: the identity part of the record only to whoever knows both the document and the birth date. */
export async function findPerson(db: Database, body: { documento: { ctipo_documento: number; numero: string }; nacimiento: string }) {
  const [row] = await db
    .select()
    .from(persona)
    .where(
      and(
        eq(persona.ctipo_documento, body.documento.ctipo_documento),
        eq(persona.numero, body.documento.numero),
        eq(persona.nacimiento, body.nacimiento),
      ),
    );
  if (!row) throw new NotFoundError('sale.persona.noEncontrada');
  // Issue 15: the identity fills the form; the contact data stay with whoever stored them.
  const { cpersona, ctipo_documento, numero, nombres, paterno, materno, genero, nacimiento } = row;
  return { cpersona, ctipo_documento, numero, nombres, paterno, materno, genero, nacimiento };
}
