/** A `tel:` link for a displayed phone number: "+91 80 4718 2020" → "tel:+918047182020". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
