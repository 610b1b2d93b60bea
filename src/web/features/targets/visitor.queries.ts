// The redirect's view of a pasted request (GET /api/v1/visitor), for the targeting preview.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { ResolvedVisitor, VisitorPreviewQuery } from '../../../shared/visitor-preview.schema';

export function useResolveVisitor() {
  return useMutation({
    mutationFn: (q: VisitorPreviewQuery) => api.get<ResolvedVisitor>('/visitor', { user_agent: q.user_agent, ip: q.ip, accept_language: q.accept_language }),
  });
}
