// A domain's DNS records and their states (GET /domains/{id}/verification), and a check now (POST
// /domains/{id}/verify). A check that verifies the domain changes the domain itself (its badge, `verified`), so it
// refreshes the domain's row and lists too.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { DomainVerification } from '../../../shared/objects/domain-verification.object';
import { domainQueries } from './domains.queries';

/** Under the domain's detail key: a list refresh leaves it alone, the domain's delete removes it. */
const verificationKey = (id: number) => [...domainQueries.keys.detail(id), 'verification'] as const;

/** Polls every minute while the page is open: the server's worker may verify the domain meanwhile. */
export const domainVerificationQueries = {
  key: verificationKey,
  detail: (id: number) =>
    queryOptions({
      queryKey: verificationKey(id),
      queryFn: () => api.get<DomainVerification>(`/domains/${id}/verification`),
      refetchInterval: (q) => (q.state.data?.verified ? false : 60_000),
    }),
};

export function useVerifyDomain(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DomainVerification>(`/domains/${id}/verify`),
    onSuccess: (v) => {
      qc.setQueryData(verificationKey(id), v);
      return Promise.all([qc.invalidateQueries({ queryKey: domainQueries.keys.detail(id), exact: true }), domainQueries.invalidate(qc)]);
    },
  });
}
