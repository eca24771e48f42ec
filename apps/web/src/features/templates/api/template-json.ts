import { type TTemplateImport, type TTemplateJson, ZTemplateImport, ZTemplateJson } from '@portico/domain';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { saveFile } from '@/lib/http/save-file';

/** Downloads a version as the network's JSON (RBM AgentMessage, Meta's message template body). */
export async function downloadTemplateJson(templateId: string, version?: number): Promise<TTemplateJson> {
  const answer = await http.get(`/secure/templates/${templateId}/json`, ZTemplateJson, {
    params: { version },
  });
  saveFile(new Blob([JSON.stringify(answer.json, null, 2)], { type: 'application/json' }), answer.file_name);
  return answer;
}

export function useDownloadTemplateJson() {
  return useMutation({
    mutationFn: ({ templateId, version }: { templateId: string; version?: number }) =>
      downloadTemplateJson(templateId, version),
  });
}

/** Reads a network JSON file into a template to start from (the server checks it; nothing is saved). */
export function useImportTemplateJson() {
  return useMutation({
    mutationFn: ({
      channel,
      json,
    }: {
      channel: 'rcs' | 'whatsapp';
      json: unknown;
    }): Promise<TTemplateImport> => http.post('/secure/templates/import', { channel, json }, ZTemplateImport),
  });
}
