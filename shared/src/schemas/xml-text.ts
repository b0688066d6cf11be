import * as v from 'valibot';

/**
 * Issue 45 item 4. Text the customer types ends up in XML (the electronic voucher SUNAT reads),
 * PDFs and mails. XML 1.0 (§2.2, `Char`) cannot carry the C0 control characters other than tab,
 * LF and CR, U+FFFE and U+FFFF, or half of a surrogate pair: one of them in a name or razón
 * social makes the voucher XML unreadable, and SUNAT refuses a sale that is already paid. So every
 * free-text field that can reach a voucher, a PDF, a mail or an XML refuses them at its schema,
 * the same in the browser and the API (a 400 with this message's key).
 */
export const XML_TEXT_MESSAGE = 'request.text.characters';

/** Anything outside XML 1.0's Char; with the `u` flag a lone surrogate is a code point of its own, so it matches too. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** Whether XML 1.0 can carry every character of `text`. */
export const isXmlText = (text: string): boolean => !NOT_XML_CHAR.test(text);

/** The valibot action every such field puts in its pipe. */
export const xmlText = <T extends string>() => v.check<T, typeof XML_TEXT_MESSAGE>(isXmlText, XML_TEXT_MESSAGE);
