// The inbox: the forms visitors sent that the staff member's role covers, each followed up
// with a status, an assignee, internal notes and replies.
export { Inbox } from './list';
export { InboxSubmission } from './submission';
export { InboxBadge, mayUseInbox } from './count';
