/** Who is logged in: GET /v1/auth/me through the cookie session; undefined while unknown, null when nobody. */
import { useQuery } from '@tanstack/react-query';
import { hx, isStatus } from './api';

export const ME_KEY = ['me'] as const;

export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: async () => {
      try {
        return await hx.auth.me();
      } catch (err) {
        if (isStatus(err, 401)) return null;
        throw err;
      }
    },
    staleTime: 60_000,
  });
}
