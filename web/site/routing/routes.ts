/** Where a visitor asks for a proposal or a document: the request forms. */
export const requestRoute = '/forms';

/** The general inquiry, the second tab of the request forms. */
export const inquiryRoute = `${requestRoute}#inquiry`;

/**
 * The request for proposal with a service or standard already chosen: /forms#proposal/<route>.
 * The choice rides in the fragment, so crawlers see one /forms page rather than one per service.
 */
export function proposalRoute(serviceRoute: string): string {
  return `${requestRoute}#${encodeURI(proposalTargetId(serviceRoute))}`;
}

/**
 * The id of the element a proposalRoute link points at: the service's box in the request for
 * proposal, so the link lands on the form even where no script runs.
 */
export function proposalTargetId(serviceRoute: string): string {
  return `proposal${serviceRoute}`;
}

/** The page of one of the firm's offices. */
export function officeRoute(officeKey: string): string {
  return `/contact-us/${officeKey}`;
}
