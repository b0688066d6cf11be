/** The cached Intl formatters live with the money and Lima-time helpers (`schemas/format.ts`). */
export { dateTimeFormat, numberFormat } from './schemas/format';
