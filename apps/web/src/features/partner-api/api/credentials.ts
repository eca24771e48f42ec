import {
  ZIssuedPartnerCredential,
  ZIssuedServiceAccountKey,
  ZPartnerCredential,
  ZPartnerCredentialList,
  ZRotatedPartnerCredential,
} from '@portico/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { partnerApiKeys } from './keys';

const credentialsUrl = (botId: string) => `/secure/bots/${botId}/credentials`;

/** The bot's API credentials (never a secret), its API shapes and the token endpoint. */
export const credentialsQueryOptions = (botId: string) =>
  queryOptions({
    queryKey: partnerApiKeys.credentials(botId),
    queryFn: () => http.get(credentialsUrl(botId), ZPartnerCredentialList),
  });

function useRefresh(botId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: partnerApiKeys.credentials(botId) });
}

/** A new credential; the answer carries its secret this once. */
export function useCreateCredential(botId: string) {
  const refresh = useRefresh(botId);
  return useMutation({
    mutationFn: () => http.post(credentialsUrl(botId), undefined, ZIssuedPartnerCredential),
    onSuccess: refresh,
  });
}

/** A new credential with a Google service-account key file; the file is answered this once. */
export function useCreateServiceAccountKey(botId: string) {
  const refresh = useRefresh(botId);
  return useMutation({
    mutationFn: () =>
      http.post(`${credentialsUrl(botId)}/service-account-key`, undefined, ZIssuedServiceAccountKey),
    onSuccess: refresh,
  });
}

/** A new secret (or key file) for the credential (the old one stops working at once); answered this once. */
export function useRotateCredential(botId: string) {
  const refresh = useRefresh(botId);
  return useMutation({
    mutationFn: (credentialId: string) =>
      http.post(`${credentialsUrl(botId)}/${credentialId}/rotate`, undefined, ZRotatedPartnerCredential),
    onSuccess: refresh,
  });
}

export function useRevokeCredential(botId: string) {
  const refresh = useRefresh(botId);
  return useMutation({
    mutationFn: (credentialId: string) =>
      http.post(`${credentialsUrl(botId)}/${credentialId}/revoke`, undefined, ZPartnerCredential),
    onSuccess: refresh,
  });
}
