import { type TBrand, ZBrand, ZBrandDocumentLink } from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '@/lib/http/client';
import { brandKeys } from './keys';

/** POST a business document (a PDF) of a type, as multipart/form-data. */
export function uploadBrandDocument(input: {
  brandId: string;
  documentTypeId: number;
  file: File;
}): Promise<TBrand> {
  const body = new FormData();
  body.append('document_type_id', String(input.documentTypeId));
  body.append('document', input.file);
  return http.post(`/secure/brands/${input.brandId}/documents`, body, ZBrand);
}

/** POST the brand logo (224 x 224 px), as multipart/form-data. */
export function uploadBrandLogo(input: { brandId: string; file: File }): Promise<TBrand> {
  const body = new FormData();
  body.append('logo', input.file);
  return http.post(`/secure/brands/${input.brandId}/logo`, body, ZBrand);
}

/** DELETE a business document. */
export function removeBrandDocument(input: { brandId: string; documentId: string }): Promise<TBrand> {
  return http.delete(`/secure/brands/${input.brandId}/documents/${input.documentId}`, ZBrand);
}

/** Opens a document through its short-lived signed link (the spec's encrypted file download by url). */
export async function openBrandDocument(brandId: string, documentId: string): Promise<void> {
  const link = await http.get(`/secure/brands/${brandId}/documents/${documentId}/link`, ZBrandDocumentLink);
  window.location.assign(link.url);
}

function useBrandChange<I>(change: (input: I) => Promise<TBrand>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (brand) => {
      queryClient.setQueryData(brandKeys.brand(brand.brand_id), brand);
      void queryClient.invalidateQueries({ queryKey: brandKeys.lists() });
    },
  });
}

export const useUploadBrandDocument = () => useBrandChange(uploadBrandDocument);
export const useUploadBrandLogo = () => useBrandChange(uploadBrandLogo);
export const useRemoveBrandDocument = () => useBrandChange(removeBrandDocument);

/** Refetches nothing: deletion answers no brand. */
export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (brandId: string) => http.delete(`/secure/brands/${brandId}`, z.null()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandKeys.all }),
  });
}
