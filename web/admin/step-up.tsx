// Asking for the second factor again lives with the account's screens; others keep finding it here.
export { useStepUp } from './account/step-up';
