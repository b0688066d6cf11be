/** The company's age in whole calendar years ("{edad} años creando"), never negative. */
export function companyAge(foundingYear: number, today: Date = new Date()): number {
  return Math.max(0, today.getFullYear() - foundingYear);
}
