import { type TTemplate, ZTemplate } from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { templateKeys } from './keys';

export type TemplateDecision =
  | { kind: 'submit' }
  | { kind: 'approve'; reason?: string | undefined }
  | { kind: 'reject'; reason?: string | undefined };

/** Submits the latest version (RCS to the platform, WhatsApp to Meta), or the platform's decision on it. */
export function decideTemplate({
  templateId,
  decision,
}: {
  templateId: string;
  decision: TemplateDecision;
}): Promise<TTemplate> {
  const base = `/secure/templates/${templateId}`;
  if (decision.kind === 'submit') return http.post(`${base}/submit`, undefined, ZTemplate);
  return http.post(`${base}/${decision.kind}`, { reason: decision.reason }, ZTemplate);
}

export function useDecideTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideTemplate,
    onSuccess: (template) => {
      queryClient.setQueryData(templateKeys.template(template.template_id), template);
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: templateKeys.history(template.template_id) });
    },
    // A 409 means someone decided first: show the template as it is now.
    onError: (_error, { templateId }) => {
      void queryClient.invalidateQueries({ queryKey: templateKeys.template(templateId) });
      void queryClient.invalidateQueries({ queryKey: templateKeys.history(templateId) });
    },
  });
}
