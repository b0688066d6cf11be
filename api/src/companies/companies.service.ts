import type { MailGate } from '../http/rate-limit';
import type { Company, CompanyInput, Language } from '@rumbo/shared/schemas';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { NotFoundError } from '../errors';
import { escapeHtml } from '../mail/html';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { OPERATOR } from '../operator';
import { empresa, empresa_contacto } from './companies.tables';

export type { Company } from '@rumbo/shared/schemas';

export async function findCompany(db: Database, ruc: string): Promise<Company> {
  const [row] = await db
    .select({ ruc: empresa.ruc, razon_social: empresa.razon_social, direccion: empresa.direccion })
    .from(empresa)
    .where(eq(empresa.ruc, ruc));
  if (!row) throw new NotFoundError('company.ruc.notFound');
  return row;
}

export interface CompanyReceipt {
  id: number;
  ruc: string;
  razon_social: string;
}

const TEXTS = {
  'es-PE': {
    subject: `Recibimos su solicitud de servicios corporativos – ${OPERATOR.marca}`,
    body: (r: CompanyReceipt, contacto: string) => [
      `Hola, ${contacto}:`,
      `Registramos la solicitud de ${r.razon_social} (RUC ${r.ruc}) con el número ${r.id}. Nuestro equipo de ventas corporativas le escribirá en un plazo de 2 días hábiles.`,
      `Central telefónica: ${OPERATOR.central_telefonica} · ${OPERATOR.correo}`,
    ],
  },
  'en-EN': {
    subject: `We received your corporate services request – ${OPERATOR.marca}`,
    body: (r: CompanyReceipt, contacto: string) => [
      `Hello, ${contacto}:`,
      `We registered the request of ${r.razon_social} (RUC ${r.ruc}) as number ${r.id}. Our corporate sales team will write to you within 2 business days.`,
      `Call center: ${OPERATOR.central_telefonica} · ${OPERATOR.correo}`,
    ],
  },
} as const;

function acknowledgement(receipt: CompanyReceipt, input: CompanyInput, language: Language): OutgoingMail {
  const t = TEXTS[language];
  const lines = t.body(receipt, input.contacto);
  return {
    to: input.correo,
    subject: t.subject,
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}

/**
 * Registers a company (a new RUC is stored with its business name; a known one keeps the name on
 * record) and its contact's request, and acknowledges it by e-mail, in one transaction.
 */
export async function registerCompany(db: Database, input: CompanyInput, context: { language: Language; now: Date; mayMail?: MailGate }): Promise<CompanyReceipt> {
  // The request is stored whatever the cap; only its acknowledgement is held back past it.
  const acknowledge = (await context.mayMail?.(input.correo)) ?? true;
  return db.transaction(async (tx) => {
    await tx.insert(empresa).values({ ruc: input.ruc, razon_social: input.razon_social, registrado: context.now }).onConflictDoNothing();
    const [company] = await tx.select({ razon_social: empresa.razon_social }).from(empresa).where(eq(empresa.ruc, input.ruc));
    const [row] = await tx
      .insert(empresa_contacto)
      .values({
        ruc: input.ruc,
        contacto: input.contacto,
        correo: input.correo,
        telefono: input.telefono,
        mensaje: input.mensaje,
        idioma: context.language,
        creado: context.now,
      })
      .returning({ id: empresa_contacto.id });
    const receipt = { id: row!.id, ruc: input.ruc, razon_social: company!.razon_social };
    if (acknowledge) await enqueueMail(tx, acknowledgement(receipt, input, context.language));
    return receipt;
  });
}
