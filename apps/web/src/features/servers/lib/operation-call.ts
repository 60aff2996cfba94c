/**
 * Calls a VM action. The server answers an action with {operation_id, message}; the client's
 * failure test (spec 2 §8: 'an error when it has a code or a message field') reads any answer
 * with a message as an error, even with HTTP 200. A 2xx answer is the operation starting, so it
 * is taken as such here; real refusals (4xx/5xx, network) still reject.
 */
import { api, ApiError } from '../../../shared/api/client';

/** What an action answers: the operation's id (when the answer carried it) and a line to show. */
export interface OperationStarted {
  operation_id: string;
  message: string;
}

export async function operationRpc(name: string, body: unknown): Promise<OperationStarted> {
  try {
    return await api.rpc<OperationStarted>(name, body);
  } catch (e) {
    if (e instanceof ApiError && e.kind === 'http' && e.status >= 200 && e.status < 300) {
      return { operation_id: '', message: e.body.message };
    }
    throw e;
  }
}
