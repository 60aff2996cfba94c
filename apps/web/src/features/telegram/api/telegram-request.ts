/** POST /api/rpc/TelegramRequest {p_telegram_id} → {success}: asks support to connect Telegram. */
import { useMutation } from '@tanstack/react-query';
import type { TelegramRequestInput } from '@portside/contract/schemas/profile';
import { api } from '../../../shared/api/client';

export function telegramRequest(body: TelegramRequestInput): Promise<{ success: boolean }> {
  return api.rpc<{ success: boolean }>('TelegramRequest', body);
}

export function useTelegramRequest() {
  return useMutation({ mutationKey: ['telegram', 'TelegramRequest'], mutationFn: telegramRequest });
}
