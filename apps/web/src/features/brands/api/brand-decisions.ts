import { type TBrand, ZBrand } from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { brandKeys } from './keys';

export type BrandDecision =
  | { kind: 'submit' }
  | { kind: 'verify' }
  | { kind: 'refresh-verification' }
  | { kind: 'platform'; action: 'forward' | 'approve' | 'reject'; reason?: string | undefined }
  | { kind: 'carrier'; action: 'approve' | 'reject'; reason?: string | undefined };

/** Every move of a brand: submission, verification with the network, and the reviewers' decisions. */
export function decideBrand({
  brandId,
  decision,
}: {
  brandId: string;
  decision: BrandDecision;
}): Promise<TBrand> {
  const base = `/secure/brands/${brandId}`;
  switch (decision.kind) {
    case 'submit':
      return http.post(`${base}/submit`, undefined, ZBrand);
    case 'verify':
      return http.post(`${base}/verification`, undefined, ZBrand);
    case 'refresh-verification':
      return http.post(`${base}/verification/refresh`, undefined, ZBrand);
    case 'platform':
      return http.post(`${base}/review/${decision.action}`, { reason: decision.reason }, ZBrand);
    case 'carrier':
      return http.post(`${base}/carrier-review/${decision.action}`, { reason: decision.reason }, ZBrand);
  }
}

export function useDecideBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideBrand,
    onSuccess: (brand) => {
      queryClient.setQueryData(brandKeys.brand(brand.brand_id), brand);
      void queryClient.invalidateQueries({ queryKey: brandKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: brandKeys.history(brand.brand_id) });
    },
    // A 409 means someone decided first: show the brand as it is now.
    onError: (_error, { brandId }) => {
      void queryClient.invalidateQueries({ queryKey: brandKeys.brand(brandId) });
      void queryClient.invalidateQueries({ queryKey: brandKeys.history(brandId) });
    },
  });
}
