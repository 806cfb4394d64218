// A staff member's notifications: the bell with its unread count, the list, and how each kind
// reaches them by e-mail.
export { NotificationBell } from './bell';
export { NotificationList } from './list';
export { NotificationSettings } from './settings';
