import { leadSourceScript } from '../forms/lead-source';
import { signedInClass, userStorageKey } from './user-store';

// Runs in <head> before first paint, so a stored dark theme never flashes light and a logged-in
// visitor never sees the login button flash. Anything other than the dark value (unset,
// `theme-auto`, garbage, storage blocked) means light; the visitor is logged in exactly while the
// user-data entry exists. Written as plain ES5 because it is inlined verbatim and allowed by its
// CSP hash. It also records where the tab's visit began, for the forms (see forms/lead-source.ts).
export const firstPaintScript =
  '(function(){var d=document.documentElement,t="theme-light";try{var s=localStorage;' +
  'if(s.getItem("theme")==="theme-dark")t="theme-dark";' +
  `if(s.getItem("${userStorageKey}")!==null)d.classList.add("${signedInClass}")` +
  '}catch(e){}d.classList.add(t)})();' +
  leadSourceScript;
