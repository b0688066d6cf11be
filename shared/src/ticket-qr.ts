/**
 * The boarding QR of a ticket as an image address, drawn the same wherever a ticket is shown (the
 * reservation page, Mi cuenta, the ticket with no network): `qrcode` is passed in, so each caller
 * loads it its own way (the pages on demand, the offline ticket's script at once).
 */
import type { toDataURL } from 'qrcode';

export interface QrCodeLibrary {
  toDataURL: typeof toDataURL;
}

export const ticketQrImage = (qrcode: QrCodeLibrary, text: string): Promise<string> => qrcode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 160 });
