import {
  type TTemplate,
  type TTemplateCreate,
  type TTemplateUpdate,
  ZNoData,
  ZTemplate,
} from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { templateKeys } from './keys';

/** POST a new template, or PUT a change (an approved template gets a new version). */
export function saveTemplate(
  input: { templateId: null; body: TTemplateCreate } | { templateId: string; body: TTemplateUpdate },
): Promise<TTemplate> {
  return input.templateId === null
    ? http.post('/secure/templates', input.body, ZTemplate)
    : http.put(`/secure/templates/${input.templateId}`, input.body, ZTemplate);
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: (template) => {
      queryClient.setQueryData(templateKeys.template(template.template_id), template);
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: templateKeys.history(template.template_id) });
    },
  });
}

/** DELETE a template (a WhatsApp one on Meta too). */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) => http.delete(`/secure/templates/${templateId}`, ZNoData),
    onSuccess: (_data, templateId) => {
      queryClient.removeQueries({ queryKey: templateKeys.template(templateId) });
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}
