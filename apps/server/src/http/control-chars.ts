import { findControlChars } from '@portside/contract/rules/control-chars';
import { ROOT_FIELD } from '@portside/contract/schemas/issues';
import { messageText } from '@portside/contract/messages';
import { AppError } from './errors.js';

/**
 * Refuses a request value holding NUL or another control character (issue 11) with the 400
 * VALIDATION_FAILED of the zod checks, naming the top-level field (`p_name: control_characters`),
 * before any handler or SQL runs. `field` names a value that is not a body (a filter's column).
 */
export function refuseControlChars(value: unknown, field?: string): void {
  const path = findControlChars(value);
  if (!path) return;
  const name = field ?? (path.length ? String(path[0]) : ROOT_FIELD);
  throw new AppError('VALIDATION_FAILED', {
    details: `${name}: control_characters`,
    hint: messageText('control_characters'),
  });
}
