// The stand-ins render what the controls they stand in for render, closed: same elements, classes, attributes and
// CSS variables (ids aside), so that nothing moves or changes when the real one takes over.
import { describe, expect, it } from 'vitest';
import { Button, Menu } from '@mantine/core';
import { canonical, renderMarkup } from '../test-utils/canonical-markup';
import { DeferredSelect } from './deferred-select';
import { RealSelect } from './deferred-select-real';
import { Handover } from './handover';
import type { DeferredSelectProps } from './select-input';
import { ExportMenu } from '../features/links/export-menu';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { LINK_LIST_DEFAULTS } from '../features/links/list-url';
import type { LinkListQuery } from '../../shared/link-list.schema';

const noop = () => {};
const data = [
  { value: '0', label: 'No space' },
  { value: '7', label: 'Summer sale 2026' },
];

const cases: [string, DeferredSelectProps][] = [
  ['a plain select with a value', { 'aria-label': 'Sort by', data, value: '7', onChange: noop, allowDeselect: false, style: { width: 'max(140px, calc(16ch + 64px))', maxWidth: '100%' } }],
  ['a small one with a fixed width', { 'aria-label': 'Rows per page', data, value: '0', onChange: noop, size: 'xs', w: 110, comboboxProps: { withinPortal: true } }],
  ['a searchable, clearable one with a value', { 'aria-label': 'Space', placeholder: 'Any space', title: 'Summer sale 2026', data, value: '7', onChange: noop, clearable: true, searchable: true }],
  ['a searchable, clearable one without', { 'aria-label': 'Domain', placeholder: 'Any domain', title: 'Any domain', data, value: null, onChange: noop, clearable: true, searchable: true }],
  ['one whose value is not among the options', { 'aria-label': 'Pixel', placeholder: 'Any pixel', data, value: '99', onChange: noop, clearable: true, searchable: true }],
];

describe('DeferredSelect', () => {
  it.each(cases)('stands in for the real select: %s', (_, props) => {
    const real = canonical(renderMarkup(<RealSelect {...props} handover={new Handover()} />));
    expect(canonical(renderMarkup(<DeferredSelect {...props} />))).toEqual(real);
    // The input a combobox needs: its role and popup, closed; the chevron, and the clear button only with a value.
    const input = real.find((tag) => tag.startsWith('<input '));
    expect(input).toMatch(/aria-expanded=false.*aria-haspopup=listbox.*autocomplete=off/i);
    expect(input).toContain('role=combobox');
    expect(real.some((tag) => tag.includes('data-combined-clear-section'))).toBe(!!props.clearable && props.value !== null);
  });

  it('renders the label for the value, and the placeholder without one', () => {
    expect(renderMarkup(<DeferredSelect {...cases[2]![1]} />)).toContain('value="Summer sale 2026"');
    expect(renderMarkup(<DeferredSelect {...cases[3]![1]} />)).toMatch(/placeholder="Any domain"[^>]*value=""/);
  });
});

describe('ExportMenu', () => {
  it('stands in with the Menu’s target button, closed', () => {
    const query = { ...LINK_LIST_DEFAULTS } as LinkListQuery;
    const real = (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />}>
            Export
          </Button>
        </Menu.Target>
        <Menu.Dropdown />
      </Menu>
    );
    expect(canonical(renderMarkup(<ExportMenu query={query} filtered={false} />))).toEqual(canonical(renderMarkup(real)));
  });
});
