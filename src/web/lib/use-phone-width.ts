// Whether the window is narrower than the theme's `sm` breakpoint (a phone): lists become cards there.
import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

export function usePhoneWidth(): boolean {
  const theme = useMantineTheme();
  // Read at once (not after a first render), so a list renders as table or cards once, never both.
  return useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.1px))`, undefined, { getInitialValueInEffect: false });
}
