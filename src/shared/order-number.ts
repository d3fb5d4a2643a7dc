/** An order's number as customers, sellers and documents show it: "CB" and its id in eight digits, CB00000042. */
export function orderNumber(id: number): string {
  return `CB${String(id).padStart(8, '0')}`;
}
