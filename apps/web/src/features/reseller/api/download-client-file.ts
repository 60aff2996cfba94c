/** GET /api/ClientFile/:id with the session's token, saved under the file's own name. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { saveBlob } from '../lib/save-blob';

export async function downloadClientFile(file: { file: number; name: string }): Promise<void> {
  saveBlob(await api.file(`ClientFile/${file.file}`), file.name);
}

export function useDownloadClientFile() {
  return useMutation({ mutationKey: ['reseller', 'ClientFile'], mutationFn: downloadClientFile });
}
