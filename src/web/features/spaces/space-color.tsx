// Space colours 1-6 as swatches: a small one for lists, and a keyboard-friendly radio group for the editor.
import { ColorSwatch, Group, Input, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { SPACE_COLORS } from '../../../shared/enums';
import { SPACE_COLOR_NAMES } from '../../theme';
import { spaceColorLabel } from './space-text';

export function spaceColorVar(color: number): string {
  return `var(--mantine-color-${SPACE_COLOR_NAMES[color] ?? 'gray'}-filled)`;
}

export function SpaceSwatch({ color, size = 14 }: { color: number; size?: number }) {
  return <ColorSwatch color={spaceColorVar(color)} size={size} withShadow={false} aria-hidden />;
}

export function SpaceColorPicker({ value, onChange, error }: { value: number; onChange: (c: number) => void; error?: string }) {
  const move = (delta: number) => {
    const i = SPACE_COLORS.indexOf(value as (typeof SPACE_COLORS)[number]);
    const next = SPACE_COLORS[(i + delta + SPACE_COLORS.length) % SPACE_COLORS.length] ?? 1;
    onChange(next);
    document.getElementById(`space-color-${next}`)?.focus();
  };
  return (
    <Input.Wrapper label="Colour" labelElement="div" labelProps={{ id: "space-color-label" }} error={error}>
      <Group
        gap="xs"
        mt={4}
        role="radiogroup"
        aria-labelledby="space-color-label"
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight' || e.key === 'ArrowDown') {
            e.preventDefault();
            move(1);
          } else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') {
            e.preventDefault();
            move(-1);
          }
        }}
      >
        {SPACE_COLORS.map((c) => {
          const selected = c === value;
          return (
            <UnstyledButton
              key={c}
              id={`space-color-${c}`}
              role="radio"
              aria-checked={selected}
              aria-label={spaceColorLabel(c)}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(c)}
              style={{ borderRadius: '50%' }}
            >
              <ColorSwatch color={spaceColorVar(c)} size={32} component="span" style={{ color: '#fff' }}>
                {selected && <IconCheck size={18} aria-hidden />}
              </ColorSwatch>
            </UnstyledButton>
          );
        })}
      </Group>
    </Input.Wrapper>
  );
}
