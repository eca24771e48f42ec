import { ZTestMessagePrice } from '@portico/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { botTestingKeys } from './keys';

/** What a console message to the device would cost the launched bot (the one pricing function). */
export const messagePriceQueryOptions = (botId: string, deviceId: string) =>
  queryOptions({
    queryKey: botTestingKeys.price(botId, deviceId),
    queryFn: () => http.get(`/secure/bots/${botId}/test-devices/${deviceId}/price`, ZTestMessagePrice),
    // A price changes only with a new rate plan version: no need to read it again during a visit.
    staleTime: 5 * 60_000,
    retry: false,
  });
