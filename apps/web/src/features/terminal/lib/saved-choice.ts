/**
 * The terminal's saved choice, minimized or not, in localStorage (spec 1 §3: kept in local
 * storage) under LOCAL_KEYS.terminalMinimized, so it holds across tabs and reloads.
 */
import { LOCAL_KEYS } from '@portside/contract/constants';
import type { SavedChoice } from './panel-rules';

/** The saved choice; anything but 'minimized' (nothing saved, storage disabled) is 'not-minimized'. */
export function readSavedChoice(): SavedChoice {
  try {
    return window.localStorage.getItem(LOCAL_KEYS.terminalMinimized) === 'minimized' ? 'minimized' : 'not-minimized';
  } catch {
    return 'not-minimized';
  }
}

/** Saves the choice (kept in memory only when storage is disabled: then it is simply not saved). */
export function saveChoice(choice: SavedChoice): void {
  try {
    window.localStorage.setItem(LOCAL_KEYS.terminalMinimized, choice);
  } catch {
    // storage disabled or full: the choice lasts until the page is left
  }
}
