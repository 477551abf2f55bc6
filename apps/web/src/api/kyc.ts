// Identity verification (CONTRACT.md "User" identification): the multipart form with three photos.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IdentificationFields, KycPhoto } from '@tradewind/contract';
import { request } from './client.ts';

/** The text fields as the form holds them, before the server's normalization (country upper-cased). */
export type KycFields = { [K in keyof IdentificationFields]: string };
export type KycPhotos = Record<KycPhoto, File>;

export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, photos }: { fields: KycFields; photos: KycPhotos }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value.trim());
      // Text fields first, files last: the server reads the form in order.
      for (const [name, file] of Object.entries(photos)) form.set(name, file, file.name);
      return (await request<null>('POST', '/swx/customer/user/identification', { body: form })).message;
    },
    // kycStatus lives in user info: pending from now on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['userInfo'] }),
  });
}
