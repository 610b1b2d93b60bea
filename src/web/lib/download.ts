// Downloads from the API, which needs the Bearer key (a plain link cannot send it): fetch the file, then save
// the blob under the name the server gave (Content-Disposition) through an <a download> and an object URL.
import { api, type Query } from './api-client';
import { downloadName } from './download-name';

/** GETs a file from the API and saves it; resolves with the file name once the browser has it. */
export async function downloadFromApi(path: string, query: Query, fallbackName: string): Promise<string> {
  const res = await api.file(path, query);
  const blob = await res.blob();
  const name = downloadName(res.headers.get('content-disposition'), fallbackName);
  saveBlob(blob, name);
  return name;
}

/** Saves a blob under `name` (the browser's download). */
export function saveBlob(blob: Blob, name: string): void {
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
}
