// A route's numeric id parameter (`/links/$linkId/edit`): parsed to a number, written back as text.
export function idParam<K extends string>(key: K) {
  return {
    parse: (raw: Record<K, string>) => ({ [key]: Number(raw[key]) }) as Record<K, number>,
    stringify: (params: Record<K, number>) => ({ [key]: String(params[key]) }) as Record<K, string>,
  };
}
