/**
 * When the terminal opens and how the collapsed line flashes (spec 1 'Terminal console', spec 2
 * §9: poll 500 ms, flash cycle 1 s with 200 ms pulses).
 */
import { TIMING } from '@portside/contract/constants';

/** The saved choice: minimized, or not (nothing saved counts as not minimized). */
export type SavedChoice = 'minimized' | 'not-minimized';

/** On start the terminal is open unless the saved choice is 'minimized'. */
export function opensOnStart(saved: SavedChoice): boolean {
  return saved !== 'minimized';
}

/** The 500 ms check: a closed terminal opens when it has messages and the choice is 'not minimized'. */
export function shouldAutoOpen(state: { opened: boolean; messageCount: number; saved: SavedChoice }): boolean {
  return !state.opened && state.messageCount > 0 && state.saved === 'not-minimized';
}

/** How many times the collapsed line lights up for a new message. */
export const FLASH_TOGGLES = 5;

/** Whether the collapsed line is lit `elapsedMs` after a flash started: a 200 ms pulse each second, 5 times. */
export function flashLit(elapsedMs: number): boolean {
  if (elapsedMs < 0 || elapsedMs >= FLASH_TOGGLES * TIMING.flashCycleMs) return false;
  return elapsedMs % TIMING.flashCycleMs < TIMING.flashPulseMs;
}

/** The moments (ms after the start) at which the flash changes, with the state from then on. */
export function flashSchedule(): Array<{ atMs: number; lit: boolean }> {
  const steps: Array<{ atMs: number; lit: boolean }> = [];
  for (let i = 0; i < FLASH_TOGGLES; i++) {
    steps.push({ atMs: i * TIMING.flashCycleMs, lit: true }, { atMs: i * TIMING.flashCycleMs + TIMING.flashPulseMs, lit: false });
  }
  return steps;
}
