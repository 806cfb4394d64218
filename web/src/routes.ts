/** Where a visitor asks for a proposal or a document: the request forms. */
export const requestRoute = '/forms';

/** The page of one of the firm's offices. */
export function officeRoute(officeKey: string): string {
  return `/contact-us/${officeKey}`;
}
