// Whether the screen is narrower than Mantine's `sm` breakpoint (a phone): lists then show cards, not tables.
// Read at once (not after a first render), so a phone never flashes the table.
import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

export function useNarrow(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.1px))`, undefined, { getInitialValueInEffect: false });
}
