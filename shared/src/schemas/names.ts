/**
 * First word of a name, capitalised as the header shows it and mails greet: "maría elena" →
 * "María", "VALERIA" → "Valeria". One rule for the site and the API's mails.
 */
export function firstNameOf(name: string): string {
  const word = name.trim().split(/\s+/)[0] ?? '';
  return word ? word.charAt(0).toLocaleUpperCase('es-PE') + word.slice(1).toLocaleLowerCase('es-PE') : '';
}
