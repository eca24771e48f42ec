import { type TProfileUpdateRequest, ZProfileUpdated } from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { sharedKeys } from '@/lib/query-keys';

export interface ProfileUpdate extends TProfileUpdateRequest {
  image?: File | null;
}

/** POST update partner profile as multipart/form-data (spec section 7); refreshes partner details. */
export function updatePartnerProfile({ firstName, lastName, image }: ProfileUpdate) {
  const body = new FormData();
  body.append('firstName', firstName);
  body.append('lastName', lastName);
  if (image) body.append('profile_image', image);
  return http.post('/secure/update-partner-profile', body, ZProfileUpdated);
}

export const useUpdatePartnerProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePartnerProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.partnerDetails }),
  });
};
