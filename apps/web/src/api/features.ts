// Which products the server really runs: the `features` parameter (CONTRACT.md getParamByKey), derived by
// the server from the routes it has. Screens of a product that is not running say "not available yet", and
// the home page does not advertise it (DESIGN.md §1.8).
import { useQuery } from '@tanstack/react-query';
import type { FeatureFlags, Product } from '@tradewind/contract';
import { api } from './client.ts';

/** Only `true` counts: a missing key, another value or a malformed answer leaves the product closed. */
export function parseFeatures(value: string): FeatureFlags {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    json = null;
  }
  const on = (product: Product) =>
    typeof json === 'object' && json !== null && Reflect.get(json, product) === true;
  return { orders: on('orders'), smart: on('smart'), loans: on('loans'), nft: on('nft') };
}

export function useFeatures() {
  return useQuery({
    queryKey: ['features'],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const { result } = await api.get<{ key: string; value: string }>(
        '/swx/customer/index/getParamByKey/features',
        undefined,
        signal,
      );
      return parseFeatures(result.value);
    },
  });
}

export type Availability = 'pending' | 'available' | 'unavailable';

/** Available when any of `products` runs; while the answer is out, pending; when it fails, unavailable. */
export function useAvailability(...products: Product[]): Availability {
  const features = useFeatures();
  if (features.isPending) return 'pending';
  const flags = features.data;
  return flags && products.some((p) => flags[p]) ? 'available' : 'unavailable';
}
