// The unsaved-changes question lives with the router in the shell; editors keep finding it here.
export { useUnsavedGuard } from './shell/unsaved';
