// The site's content in the back-office: the collections' lists, an item's editor in each
// language, new items, and what a whole item may have done to it.
export { ContentListView as ContentList } from './list';
export { ContentItem, mayReadContent, NewContentItem } from './screens';
export { mayManageItems } from './items';
// The settings screen edits its shape with the same fields.
export { Fields, cleaned } from './fields';
// The notification settings choose a digest's time zone from the same list.
export { zoneName, zones } from './time-zone';
