import { apiStream } from '../../lib/api.ts';

/**
 * Downloads a CSV export route (`/api/<path>`) as a file: fetched with the session's cookies
 * and the usual 401 refresh (a plain link would show a JSON error after the access token
 * expired), then handed to the browser as a Blob.
 */
export async function downloadCsv(path: string, filename: string): Promise<void> {
  const res = await apiStream(path);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start reading the file before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
