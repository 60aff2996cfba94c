/**
 * POST /api/rpc/ClientSetWgPubkey {p_serial, p_pubkey}: the customer's WireGuard public key for
 * the IPMI tunnel (the server checks it is a usable Curve25519 key, as the form does).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateDedicated } from '../lib/invalidate';

export function setWgPubkey(serial: string, pubkey: string): Promise<unknown> {
  return api.rpc('ClientSetWgPubkey', { p_serial: serial, p_pubkey: pubkey });
}

export function useSetWgPubkey(serial: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pubkey: string) => setWgPubkey(serial, pubkey),
    onSuccess: () => invalidateDedicated(client),
  });
}
