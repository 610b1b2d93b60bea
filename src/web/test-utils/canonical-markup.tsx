// Markup comparisons for the dashboard's light stand-ins (components/light-controls.tsx, deferred-*.tsx): a
// component rendered to static HTML with the dashboard's theme, and that HTML in a canonical form.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { theme } from '../theme';

/** Tags with sorted attributes, sorted class lists and sorted style declarations; ids dropped. */
export function canonical(html: string): string[] {
  return [...html.matchAll(/<(\/?)([a-z]+)([^>]*)>/g)].map(([, close, name, rest]) => {
    const attrs = [...(rest ?? '').matchAll(/([a-zA-Z-:]+)(?:="([^"]*)")?/g)]
      .filter(([, k]) => k !== 'id')
      .map(([, k, v = '']) => {
        if (k === 'class') v = v.split(/\s+/).filter(Boolean).sort().join(' ');
        if (k === 'style') v = v.split(';').map((d) => d.trim()).filter(Boolean).sort().join(';');
        return `${k}=${v}`;
      })
      .sort();
    return `<${close}${name} ${attrs.join(' ')}>`;
  });
}

/** The element's static markup inside the dashboard's MantineProvider (its style tags left out). */
export function renderMarkup(element: ReactElement): string {
  return renderToStaticMarkup(<MantineProvider theme={theme}>{element}</MantineProvider>).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
}
