// The workspace switcher's button (workspace-switcher.tsx): the stand-in's and the menu's target, "Workspace:
// Marketing, your role: Member", the name cut with an ellipsis when long.
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconStack2 } from '@tabler/icons-react';
import classes from './workspace-switcher.module.css';

type SwitcherButtonProps = ComponentPropsWithoutRef<'button'> & { name: string; role: string | undefined; fullWidth?: boolean };

export const SwitcherButton = forwardRef<HTMLButtonElement, SwitcherButtonProps>(
  function SwitcherButton({ name, role, fullWidth, className, ...props }, ref) {
    return (
      <UnstyledButton
        ref={ref}
        className={className ? `${classes.button} ${className}` : classes.button}
        data-full-width={fullWidth || undefined}
        data-testid="workspace-switcher"
        {...props}
      >
        <Group gap={8} wrap="nowrap" miw={0}>
          <IconStack2 size={18} aria-hidden className={classes.icon} />
          <span className={classes.text}>
            <VisuallyHidden>Workspace: </VisuallyHidden>
            <Text span size="sm" fw={600} className={classes.name} data-testid="workspace-name">
              {name}
            </Text>
            {role && (
              <Text span size="xs" c="dimmed" className={classes.role} data-testid="workspace-role">
                <VisuallyHidden>, your role: </VisuallyHidden>
                {role}
              </Text>
            )}
          </span>
          <IconChevronDown size={14} aria-hidden className={classes.icon} />
        </Group>
      </UnstyledButton>
    );
  },
);
