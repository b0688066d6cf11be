/** A date (YYYY-MM-DD) `days` after today in Lima (the site sells trips by Lima calendar days). */
export function limaDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
