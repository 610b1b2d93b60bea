// useMergeRefs for Mantine's ScrollArea, in place of @floating-ui/react's (vite.config.ts resolves ScrollArea's
// import here). ScrollArea is in every page's first load (Table and the navigation use it), and that one import
// would bring all of floating-ui (~14 KB gzipped) with it, which only popovers, menus, selects and tooltips need
// (loaded on first use). Same contract: one ref callback that sets every given ref, memoised on them.
import type { Ref } from 'react';
import { useMergedRef } from '@mantine/hooks';

export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
