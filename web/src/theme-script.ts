// Runs in <head> before first paint so a stored dark theme never flashes light. Anything other
// than the dark value (unset, `theme-auto`, garbage, storage blocked) means light. Written as
// plain ES5 because it is inlined verbatim and allowed by its CSP hash.
export const themeScript =
  '(function(){var t="theme-light";try{if(localStorage.getItem("theme")==="theme-dark")t="theme-dark"}catch(e){}document.documentElement.classList.add(t)})();';
