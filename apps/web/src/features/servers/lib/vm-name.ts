/**
 * The rename rule as the form shows it while typing — the contract's VM name rule (a host name
 * whose dot-separated parts are DNS labels), the same the server checks — and saving the current
 * name says 'Name unchanged, not updating'.
 */
import type { MessageKey } from '@portside/contract/messages';
import { validateVmName } from '@portside/contract/rules/validators';

/** The message key for `name`, or null when it may be saved. */
export function vmNameError(name: string, current: string): MessageKey | null {
  const rule = validateVmName(name);
  if (rule) return rule;
  return name === current ? 'project_name_unchanged' : null;
}
