// Mantine theme of the dashboard. Shades and the dimmed colour are chosen for WCAG AA contrast (axe runs in e2e).
import { Notification, createTheme, type CSSVariablesResolver } from '@mantine/core';

const font = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // A visitor who asked the system for reduced motion gets dialogs, menus and popovers without transitions.
  respectReducedMotion: true,
  fontFamily: font,
  headings: { fontFamily: font },
  components: {
    // No initial-focus placeholder in a menu's dropdown: a focusable element inside role="menu" that is not a menu
    // item fails axe (aria-required-children). The focus goes to the dropdown, and the arrows to its items. A plain
    // object rather than Menu.extend, so that the first bundle does not take in the Menu, which loads with its page.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
  },
});

// Text colours of "light" variants (badges, light buttons, alerts): Mantine's defaults are below 4.5:1.
const LIGHT_TEXT: Record<string, [light: string, dark: string]> = {
  green: ['#1f6b32', '#8ce99a'],
  blue: ['#1864ab', '#a5d8ff'],
  orange: ['#a63f07', '#ffc078'],
  gray: ['#495057', '#ced4da'],
  indigo: ['#364fc7', '#bac8ff'],
  teal: ['#086349', '#96f2d7'],
  red: ['#b02525', '#ffa8a8'],
  grape: ['#7a2a8c', '#eebefa'],
  yellow: ['#8a5a00', '#ffe066'],
};

const lightVars = (i: 0 | 1) => Object.fromEntries(Object.entries(LIGHT_TEXT).map(([c, v]) => [`--mantine-color-${c}-light-color`, v[i]]));

/**
 * Darker "dimmed" and placeholder text in light mode (gray.6 is 3.3:1 on white), lighter in dark mode; field
 * errors (text and the invalid input's value) likewise (red.6 is 3.6:1 on white).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-placeholder': '#6b7280', '--mantine-color-error': '#b02525', ...lightVars(0) },
  dark: { '--mantine-color-dimmed': '#a6a7ab', '--mantine-color-placeholder': '#a6a7ab', '--mantine-color-error': '#ff8787', ...lightVars(1) },
});

/** Mantine colour names of the six space colours (1..6). */
export const SPACE_COLOR_NAMES: Record<number, string> = { 1: 'blue', 2: 'teal', 3: 'yellow', 4: 'orange', 5: 'red', 6: 'grape' };
