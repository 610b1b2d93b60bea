// Where to go after sign-in: only an in-app path (never another origin), defaulting to the links list.
export function safeRedirect(target: string | undefined | null, fallback = '/links'): string {
  if (!target) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target === '/sign-in' || target.startsWith('/sign-in?')) return fallback;
  return target;
}
