import { TZDate } from '@date-fns/tz';
import type { Complaint, ComplaintReceipt, Language } from '@rumbo/shared/schemas';
import { formatISO } from 'date-fns';
import { sql } from 'drizzle-orm';
import { cityName } from '../cities/cities.queries';
import type { Database } from '../db/client';
import { enqueueMail } from '../mail/outbox';
import { addBusinessDaysInLima, LIMA } from './business-days';
import { complaintCopyMail } from './complaint-mail';
import { reclamacion, reclamacionContador } from './complaints.tables';

/** Answer deadline of the complaints-book rules, in business days. */
export const ANSWER_BUSINESS_DAYS = 15;

/** `000000001-2025`: the sequence zero-padded to 9 digits, then the year. */
export function sheetNumber(sequence: number, year: number): string {
  return `${String(sequence).padStart(9, '0')}-${year}`;
}

/**
 * Files a complaints-book sheet: in one transaction, takes the year's next sheet number, stores
 * the sheet and queues the consumer's copy by e-mail. Either all three happen or none, so a
 * number is never skipped nor given twice, and an answered sheet is always stored; delivering
 * the mail happens later (src/mail/sender.ts) and cannot lose the sheet. `mailCopy: false` (past
 * the bounds of copies per recipient and client, issue 15) files the sheet without the copy.
 */
export async function fileComplaint(
  db: Database,
  complaint: Complaint,
  context: { language: Language; now: Date; mailCopy?: boolean },
): Promise<ComplaintReceipt> {
  const filed = new TZDate(context.now, LIMA);
  const year = filed.getFullYear();
  const plazo = addBusinessDaysInLima(context.now, ANSWER_BUSINESS_DAYS);

  return db.transaction(async (tx) => {
    // The upsert locks the year's row until commit: concurrent filings wait their turn instead
    // of reading the same last number.
    const [counter] = await tx
      .insert(reclamacionContador)
      .values({ anio: year, ultimo: 1 })
      .onConflictDoUpdate({ target: reclamacionContador.anio, set: { ultimo: sql`${reclamacionContador.ultimo} + 1` } })
      .returning({ ultimo: reclamacionContador.ultimo });
    const sequence = counter!.ultimo; // an upsert with RETURNING always returns its row
    const numero = sheetNumber(sequence, year);

    // `tamanioInput` is only the form's input length for the document type: nothing to keep.
    const { numero: numDocumento, tamanioInput: _inputLength, ...fields } = complaint;
    await tx.insert(reclamacion).values({
      ...fields,
      num_documento: numDocumento,
      numero,
      anio: year,
      correlativo: sequence,
      fecha: context.now,
      plazo,
      idioma: context.language,
    });

    const destino = (await cityName(tx, complaint.destino)) ?? String(complaint.destino);
    if (context.mailCopy !== false) await enqueueMail(tx, complaintCopyMail({ numero, fecha: filed, plazo, complaint, destino }, context.language));

    return { numero, fecha: formatISO(filed), plazo };
  });
}
