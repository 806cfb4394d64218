import { hydrateIslands } from './islands/hydrate';
import type { PagePayload } from './pages/page-props';
import { checkSessionIfLoggedIn } from './session/session-check';

// A page of islands: only its interactive parts run in the browser (see islands/).
const payload = document.getElementById('page-props')?.textContent;
if (payload) {
  // The page is the same for everyone: the stored entry said who is logged in, the server confirms.
  checkSessionIfLoggedIn();
  void hydrateIslands(JSON.parse(payload) as PagePayload);
}
