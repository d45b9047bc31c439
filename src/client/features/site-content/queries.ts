import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { messageResponseSchema } from '../../../contracts/common';
import { importantInformationSchema, siteImageUploadResponseSchema } from '../../../contracts/rich-text';
import { getJson, sendBytes, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The public page's text (null: the built-in text); refreshed live when the setting changes. */
export const importantInformationQuery = queryOptions({
  queryKey: queryKeys.importantInformation,
  queryFn: ({ signal }) => getJson('/api/public/important-information', importantInformationSchema, signal),
});

export function useImportantInformation() {
  return useQuery(importantInformationQuery);
}

/** The stored text for the editor: read fresh each time the page opens behind the settings password. */
export function useAdminImportantInformation() {
  return useQuery({
    queryKey: queryKeys.adminImportantInformation,
    queryFn: ({ signal }) => getJson('/api/admin/important-information', importantInformationSchema, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

function useInvalidateImportantInformation() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.importantInformation }),
      queryClient.invalidateQueries({ queryKey: queryKeys.adminImportantInformation }),
    ]);
}

export function useSaveImportantInformation() {
  const invalidate = useInvalidateImportantInformation();
  return useMutation({
    mutationFn: (html: string) =>
      sendJson(
        'PUT',
        '/api/admin/important-information',
        { html },
        importantInformationSchema.extend({ message: z.string() }),
      ),
    onSuccess: invalidate,
  });
}

export function useResetImportantInformation() {
  const invalidate = useInvalidateImportantInformation();
  return useMutation({
    mutationFn: () => sendJson('DELETE', '/api/admin/important-information', {}, messageResponseSchema),
    onSuccess: invalidate,
  });
}

/** Uploads an image (the server checks, re-encodes and stores it) and answers the URL to place in the text. */
export function uploadSiteImage(file: File) {
  return sendBytes('/api/admin/site-images', file, file.type, siteImageUploadResponseSchema);
}
