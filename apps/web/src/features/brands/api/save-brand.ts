import { type TBrand, type TBrandRequestParsed, ZBrand } from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { brandKeys } from './keys';

/** POST a new brand (a draft) or PUT the changes of an existing one. */
export function saveBrand({
  brandId,
  body,
}: {
  brandId: string | null;
  body: TBrandRequestParsed;
}): Promise<TBrand> {
  return brandId
    ? http.put(`/secure/brands/${brandId}`, body, ZBrand)
    : http.post('/secure/brands', body, ZBrand);
}

export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBrand,
    onSuccess: (brand) => {
      queryClient.setQueryData(brandKeys.brand(brand.brand_id), brand);
      void queryClient.invalidateQueries({ queryKey: brandKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: brandKeys.history(brand.brand_id) });
    },
  });
}
