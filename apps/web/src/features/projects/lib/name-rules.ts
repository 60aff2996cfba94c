/**
 * The project name rule as forms show it while the user types: the contract's rule (spaces,
 * characters, length, unique ignoring case among the account's other projects), and reading the
 * message key out of a refused call's `p_name: key` details.
 */
import type { MessageKey } from '@portside/contract/messages';
import { validateProjectName } from '@portside/contract/rules/validators';
import type { ProjectChoice } from '../../../shared/api/get-my-projects';

/**
 * The message key for `name`, or null when it may be saved. `current` is the project being
 * renamed: it does not clash with itself, and its unchanged name gives 'project_name_unchanged'.
 */
export function projectNameError(name: string, names: readonly ProjectChoice[], current?: ProjectChoice): MessageKey | null {
  const others = names.filter((n) => n.project !== current?.project).map((n) => n.name);
  return validateProjectName(name, others, current?.name);
}

export { fieldKeyOf } from '../../../shared/forms/server-field-errors';
