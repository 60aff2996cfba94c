/** Whether a call was refused for coming too often (RATE_LIMITED, 429): the forms then say so plainly. */
import { ApiError } from '../../../shared/api/client';

export function isRateLimited(error: unknown): boolean {
  return error instanceof ApiError && (error.body.code === 'RATE_LIMITED' || error.status === 429);
}
