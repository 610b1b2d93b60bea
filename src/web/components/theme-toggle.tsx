// The light/dark switch of the shell's header and the sign-in page.
import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { DeferredTooltip } from './deferred-tooltip';

export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <DeferredTooltip label={`Switch to ${next} theme`}>
      <ActionIcon variant="default" size="lg" aria-label={`Switch to ${next} theme`} onClick={() => setColorScheme(next)}>
        {scheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
      </ActionIcon>
    </DeferredTooltip>
  );
}
