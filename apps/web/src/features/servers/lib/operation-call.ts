/**
 * Calls a VM action. The server answers at once with the operation's id and the action it carries
 * out ({@link VmOperationAnswer}); the work follows in a job, its progress arrives live.
 */
import type { VmOperationAnswer } from '@portside/contract/schemas/vms';
import { api } from '../../../shared/api/client';

export type OperationStarted = VmOperationAnswer;

export function operationRpc(name: string, body: unknown): Promise<OperationStarted> {
  return api.rpc<OperationStarted>(name, body);
}
