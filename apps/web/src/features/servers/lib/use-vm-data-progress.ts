/**
 * The live progress of one server's backup, snapshot or ISO work, for the tab that shows it: the
 * last message of the given hub kinds for this server, in the reader's language, and whether the
 * work still runs; each message also refreshes the reads and shows a failure in the red banner
 * (use-vm-live-updates' effects). Only the open tab listens to its kinds.
 */
import { useEffect, useRef, useState } from 'react';
import type { HubKind, LiveUpdateMessage } from '@portside/contract/hubs';
import { useServerText } from '../../../shared/format/use-server-text';
import { useHubMessages } from '../../../shared/live/use-hub-messages';
import { livePhaseOf, type LivePhase } from './vm-data';
import { useVmMessageEffects } from './use-vm-live-updates';

export interface VmDataProgress {
  kind: HubKind;
  phase: LivePhase;
  /** The message in the reader's language. */
  text: string;
  /** The message's English text and state, for the rules that read them (spec 1 §4). */
  english: string;
  state: string | undefined;
  status: string;
  /** The message itself, for a tab that reads more of it (the boot order). */
  message: LiveUpdateMessage;
}

/** Which messages of its kinds a tab shows (a kind may carry other work too: the power hub). */
export type MessageFilter = (message: LiveUpdateMessage) => boolean;

export function useVmDataProgress(
  provisionedId: number,
  kinds: readonly HubKind[],
  accept?: MessageFilter,
): [VmDataProgress | null, () => void] {
  const serverText = useServerText();
  const [progress, setProgress] = useState<VmDataProgress | null>(null);
  const effects = useVmMessageEffects();
  useHubMessages(kinds, (kind, message) => {
    if (!message || message.provisioned_id !== provisionedId || !('status' in message)) return;
    effects(kind, message);
    if (accept && !accept(message)) return;
    setProgress({
      kind,
      phase: livePhaseOf(message),
      text: serverText({ key: message.text_key, params: message.text_params, english: message.message }),
      english: message.message,
      state: message.state,
      status: message.status,
      message,
    });
  });
  return [progress, () => setProgress(null)];
}

/**
 * {@link useVmDataProgress} for a tab of the server `vm`: a 'running' line is dropped when the
 * server reports its operation over (a missed last message must not leave a spinner behind).
 */
export function useTabProgress(
  vm: { provisioned_id: number; operation: string | null },
  kinds: readonly HubKind[],
  accept?: MessageFilter,
): [VmDataProgress | null, () => void] {
  const [progress, clear] = useVmDataProgress(vm.provisioned_id, kinds, accept);
  const previous = useRef(vm.operation);
  const running = progress?.phase === 'running';
  useEffect(() => {
    if (previous.current !== null && vm.operation === null && running) clear();
    previous.current = vm.operation;
  });
  return [progress, clear];
}
