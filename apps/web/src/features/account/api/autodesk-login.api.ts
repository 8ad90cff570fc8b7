import { autodeskEndpoints } from '@meshport/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';

/** POST /autodesk/oauth/login: the provider's address to send the browser to. */
export function useAutodeskLogin() {
  return useMutation({
    mutationFn: async (redirectUrl: string) =>
      (await call(autodeskEndpoints.login, { body: { redirect_url: redirectUrl } })).redirect_url,
  });
}
