// Downloads from the API, which needs the Bearer key (a plain link cannot send it): fetch the file, then save
// the blob under the name the server gave (Content-Disposition) through an <a download> and an object URL.
import { ApiError, auth, toQueryString } from './api-client';
import { downloadName } from './download-name';

type Query = Record<string, string | number | boolean | null | undefined>;

/** A request to API v1 with the signed-in key; a failed answer becomes an ApiError with the server's message. */
export async function apiFetch(method: string, path: string, query?: Query): Promise<Response> {
  const key = auth.get();
  let res: Response;
  try {
    res = await fetch(`/api/v1${path}${toQueryString(query)}`, { method, headers: { accept: 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) } });
  } catch {
    throw new ApiError(0, 'Cannot reach the server.');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
    throw new ApiError(res.status, body.message ?? `Request failed (${res.status})`, body.errors ?? {});
  }
  return res;
}

/** GETs a file from the API and saves it; resolves with the file name once the browser has it. */
export async function downloadFromApi(path: string, query: Query, fallbackName: string): Promise<string> {
  const res = await apiFetch('GET', path, query);
  const blob = await res.blob();
  const name = downloadName(res.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Later, so that the browser has started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
