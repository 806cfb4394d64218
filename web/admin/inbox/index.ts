// The inbox: the forms visitors sent that the staff member's role covers, each followed up
// with a status, an assignee, internal notes and replies.
export { InboxSection } from './section';
export { InboxBadge, mayUseInbox } from './count';
