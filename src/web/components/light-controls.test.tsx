// The light controls render the markup of the Mantine components they stand in for: same elements,
// classes, attributes and CSS variables (ids aside), with the dashboard's theme.
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ActionIcon, Badge, Checkbox } from '@mantine/core';
import { IconCheck, IconCopy, IconDots, IconPencil } from '@tabler/icons-react';
import { canonical, renderMarkup } from '../test-utils/canonical-markup';
import { LightBadge, LightCheckbox, LightCopyButton, LightIconButton, LightIconLink, useLightVars, type LightVars } from './light-controls';

const noop = () => {};

function render(build: (vars: LightVars) => ReactElement): string {
  function WithVars() {
    return build(useLightVars());
  }
  return renderMarkup(<WithVars />);
}

describe('light controls', () => {
  it.each([true, false])('LightCheckbox is Mantine’s Checkbox (checked: %s)', (checked) => {
    const mantine = render(() => <Checkbox aria-label="Select a" checked={checked} onChange={noop} />);
    const light = render((vars) => <LightCheckbox label="Select a" checked={checked} onChange={noop} vars={vars} />);
    // The one difference: the Checkbox's own root class, which Checkbox.classes does not expose, against the
    // variables that class sets (checked below), given inline.
    const rootAttr = (html: string, name: string) => new RegExp(`^<div [^>]*\\b${name}="([^"]*)"`).exec(html)?.[1] ?? '';
    const rootClass = rootAttr(mantine, 'class').split(' ');
    const publicClasses = new Set(Object.values(Checkbox.classes));
    const hidden = rootClass.filter((c) => !publicClasses.has(c) && !c.startsWith('mantine-'));
    expect(hidden).toHaveLength(1);
    const lightStyle = rootAttr(light, 'style');
    const expected = mantine.replace(`${hidden[0]} `, '').replace(/^(<div [^>]*style=")([^"]*)"/, `$1${lightStyle}"`);
    expect(canonical(light)).toEqual(canonical(expected));
    // Inline: the real one's variables, and the two its hidden class sets for a filled checkbox of the default size
    // (that they look the same in a browser, with Mantine's stylesheet: e2e/links-light-controls.spec.ts).
    const declared = (style: string) => Object.fromEntries(style.split(';').filter(Boolean).map((d) => d.split(/:(.*)/s).map((x) => x.trim()) as [string, string]));
    expect(declared(lightStyle)).toEqual({
      ...declared(rootAttr(mantine, 'style')),
      '--checkbox-size': 'calc(1.25rem * var(--mantine-scale))',
      '--checkbox-icon-color': 'var(--mantine-color-white)',
    });
  });

  it('LightIconLink is a subtle ActionIcon link', () => {
    const mantine = render(() => (
      <ActionIcon component="a" href="/x" variant="subtle" aria-label="Edit a" title="Edit">
        <IconPencil size={16} />
      </ActionIcon>
    ));
    const light = render((vars) => (
      <LightIconLink href="/x" onClick={noop} label="Edit a" title="Edit" vars={vars}>
        <IconPencil size={16} />
      </LightIconLink>
    ));
    expect(canonical(light)).toEqual(canonical(mantine));
  });

  it('LightIconButton is a subtle ActionIcon button', () => {
    const mantine = render(() => (
      <ActionIcon variant="subtle" aria-label="Actions for a" aria-haspopup="menu">
        <IconDots size={16} />
      </ActionIcon>
    ));
    const light = render((vars) => (
      <LightIconButton label="Actions for a" aria-haspopup="menu" vars={vars}>
        <IconDots size={16} />
      </LightIconButton>
    ));
    expect(canonical(light)).toEqual(canonical(mantine));
  });

  it('LightCopyButton is a small gray subtle ActionIcon button', () => {
    const mantine = render(() => (
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Copy: v" title="Copy">
        <IconCopy size={16} />
      </ActionIcon>
    ));
    const light = render((vars) => <LightCopyButton value="v" label="Copy" vars={vars} icon={<IconCopy size={16} />} done={<IconCheck size={16} />} />);
    expect(canonical(light)).toEqual(canonical(mantine));
  });

  it.each([
    ['light', 'green'],
    ['dot', 'grape'],
  ] as const)('LightBadge is a %s %s Badge', (variant, color) => {
    const mantine = render(() => (
      <Badge variant={variant} color={color} data-status="x">
        Active
      </Badge>
    ));
    const light = render((vars) => (
      <LightBadge variant={variant} color={color} vars={vars} data-status="x">
        Active
      </LightBadge>
    ));
    expect(canonical(light)).toEqual(canonical(mantine));
  });
});
