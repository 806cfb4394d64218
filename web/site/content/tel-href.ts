/** A `tel:` link to a phone number: the number without spaces or punctuation but a leading plus. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
