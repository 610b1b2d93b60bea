// Readable lines from a URL-query validation error (the router puts the validator's issues, as JSON, in the message).
export function searchIssues(message: string): string[] {
  try {
    const issues = JSON.parse(message) as { path?: PropertyKey[]; message?: string }[];
    if (!Array.isArray(issues)) return [message];
    return issues.map((i) => `${(i.path ?? []).map(String).join('.') || 'query'} ${i.message ?? 'is invalid.'}`);
  } catch {
    return [message];
  }
}
