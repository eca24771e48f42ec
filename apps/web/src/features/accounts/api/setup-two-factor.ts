import { type TTwoFactorSetupRequest, ZTwoFactorSetup } from '@portico/domain';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

/** POST set up two-factor sign-in: the password again; answers a new key (QR code and text). */
export const setupTwoFactor = (body: TTwoFactorSetupRequest) =>
  http.post('/secure/two-factor/setup', body, ZTwoFactorSetup);

export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor });
