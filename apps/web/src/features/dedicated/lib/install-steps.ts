/**
 * The install progress of a server ordered for the customer: the four steps staff set, each with
 * the time it was reached (null while it lies ahead).
 */
import { INSTALL_STEPS, type InstallStep, type ServerInstall } from '@portside/contract/schemas/dedicated';

export interface StepState {
  step: InstallStep;
  at: string | null;
}

const TIME_OF: Readonly<Record<InstallStep, keyof ServerInstall>> = {
  ordered: 'ordered_at',
  racked: 'racked_at',
  'os-installed': 'os_installed_at',
  'handed-over': 'handed_over_at',
};

/** Each step with its time, in order. */
export function installSteps(install: ServerInstall): StepState[] {
  return INSTALL_STEPS.map((step) => ({ step, at: (install[TIME_OF[step]] as string | null) ?? null }));
}

/** How many steps are done: the current step and all before it. */
export function stepsDone(install: Pick<ServerInstall, 'step'>): number {
  return INSTALL_STEPS.indexOf(install.step) + 1;
}
