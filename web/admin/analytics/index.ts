export { Analytics, mayReadAnalytics } from './analytics';
