// The dashboard's figures (GET /admin/api/dashboard) and the CSV exports (GET /admin/api/export/<kind>.csv).
// An export answers a file, not the envelope: it is fetched with the admin token (never put in a URL) and
// handed to the browser as a download; a refusal still answers the envelope and becomes an ApiError.
import { useMutation, useQuery } from '@tanstack/react-query';
import { codes, type Dashboard, type ExportKind } from '@tradewind/contract';
import { session } from '../app/session.ts';
import { currentLocale } from '../i18n/i18n.ts';
import { ApiError, apiBase, call, clientCodes } from './client.ts';

export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: async ({ signal }) => (await call<Dashboard>('GET', '/dashboard', { signal })).result,
  });
}

export type ExportRequest = { kind: ExportKind; from: string; to: string };

/** The file name the server gives in Content-Disposition, else one made from the request. */
function fileNameOf(response: Response, req: ExportRequest): string {
  const given = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return given ?? `tradewind-${req.kind}-${req.from}-${req.to}.csv`;
}

async function refusal(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const envelope = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = String(envelope.code ?? clientCodes.badAnswer);
  if (response.status === 401 || code === codes.unauthenticated) session.expire();
  if (code === codes.secureAccountFirst) session.demandSecuring();
  const result = envelope.result;
  const fields =
    typeof result === 'object' && result !== null && 'fields' in result
      ? Object.fromEntries(
          Object.entries((result as { fields: Record<string, unknown> }).fields).filter(
            (e): e is [string, string] => typeof e[1] === 'string',
          ),
        )
      : {};
  return new ApiError(code, String(envelope.message ?? ''), response.status, fields);
}

/** Fetches the CSV and saves it through a temporary link; answers the file name. */
export async function downloadExport(req: ExportRequest): Promise<string> {
  const query = new URLSearchParams({ from: req.from, to: req.to });
  const headers = new Headers({ Accept: 'text/csv', 'Accept-Language': currentLocale() });
  const token = session.token();
  if (token) headers.set('Authorization', token);
  let response: Response;
  try {
    response = await fetch(`${apiBase}/export/${req.kind}.csv?${query.toString()}`, { headers });
  } catch {
    throw new ApiError(clientCodes.network, '', 0);
  }
  if (!response.ok) throw await refusal(response);
  const name = fileNameOf(response, req);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the blob can go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport });
}
