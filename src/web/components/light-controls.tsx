// Row controls for long tables: the markup, classes and CSS variables of Mantine's Checkbox and
// ActionIcon, without each instance's props merging, styles API and variables resolution. Over the
// 100 rows of the links list those were most of the page's first render (e2e/bench/web.bench.ts:
// 100 rows rendered in ~630 ms with plain controls against ~850 ms with Mantine's). Only Mantine's public API:
// the components' `classes` and `varsResolver`, the variables resolved once per table. light-controls.test.tsx
// checks the markup against Mantine's components, so an upgrade that changes it fails there.
import { useMemo, useRef, useState, type ChangeEvent, type ComponentPropsWithRef, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { ActionIcon, Badge, CheckIcon, Checkbox, UnstyledButton, useMantineTheme } from '@mantine/core';

const cb = Checkbox.classes as Record<string, string>;
/**
 * Checkbox.classes holds its wrapper's (InlineInput's) root, not the Checkbox's own root class, whose stylesheet
 * sets the size (sm: 1.25rem) and the filled icon's colour: the light checkbox sets them as variables instead,
 * through the public varsResolver (the test compares them with that stylesheet).
 */
const CHECKBOX_SM_PX = 20;
const AI_CLASS = `mantine-focus-auto mantine-active ${ActionIcon.classes.root} mantine-ActionIcon-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`;

type Vars = Record<string, string | undefined>;
const style = (vars: Vars | undefined): CSSProperties =>
  Object.fromEntries(Object.entries(vars ?? {}).filter(([, v]) => v !== undefined)) as CSSProperties;

export interface LightVars {
  checkbox: CSSProperties;
  /** ActionIcon variant="subtle" in the primary colour, default size. */
  subtle: CSSProperties;
  /** ActionIcon variant="subtle" size="sm", gray, and teal once something was copied. */
  copy: CSSProperties;
  copied: CSSProperties;
  /** Badge variables for a variant and colour (cached). */
  badge: (variant: 'light' | 'dot', color: string) => CSSProperties;
}

/** The CSS variables of the controls, resolved once (pass the result to every row). */
export function useLightVars(): LightVars {
  const theme = useMantineTheme();
  return useMemo(() => {
    const ai = (props: Record<string, unknown>) => style(ActionIcon.varsResolver?.(theme, props as never, {})?.root as Vars);
    const badges = new Map<string, CSSProperties>();
    const badge = (variant: 'light' | 'dot', color: string) => {
      const key = `${variant}/${color}`;
      let vars = badges.get(key);
      if (!vars) badges.set(key, (vars = style(Badge.varsResolver?.(theme, { variant, color } as never, {})?.root as Vars)));
      return vars;
    };
    return {
      badge,
      checkbox: style(Checkbox.varsResolver?.(theme, { variant: 'filled', radius: 'sm', size: CHECKBOX_SM_PX, iconColor: 'white' } as never, {})?.root as Vars),
      subtle: ai({ variant: 'subtle' }),
      copy: ai({ variant: 'subtle', size: 'sm', color: 'gray' }),
      copied: ai({ variant: 'subtle', size: 'sm', color: 'teal' }),
    };
  }, [theme]);
}

export function LightCheckbox({ label, checked, onChange, vars }: { label: string; checked: boolean; onChange: (e: ChangeEvent<HTMLInputElement>) => void; vars: LightVars }) {
  return (
    <div
      className={`mantine-Checkbox-root ${cb.root} mantine-Checkbox-root`}
      data-checked={checked || undefined}
      data-variant="filled"
      data-label-position="right"
      style={vars.checkbox}
    >
      <div className={`${cb.body} mantine-Checkbox-body`}>
        <div className={`${cb.inner} mantine-Checkbox-inner`} data-label-position="right">
          <input
            className={`mantine-focus-auto ${cb.input} mantine-Checkbox-input`}
            data-with-error-styles="true"
            aria-label={label}
            type="checkbox"
            checked={checked}
            onChange={onChange}
          />
          <CheckIcon aria-hidden className={`${cb.icon} mantine-Checkbox-icon`} />
        </div>
        <div className={`${cb.labelWrapper} mantine-Checkbox-labelWrapper`} />
      </div>
    </div>
  );
}

/** An ActionIcon variant="subtle" that is a link. */
export function LightIconLink(props: { href: string; onClick: (e: MouseEvent) => void; label: string; title: string; vars: LightVars; children: ReactNode }) {
  return (
    <a className={AI_CLASS} data-variant="subtle" href={props.href} onClick={props.onClick} aria-label={props.label} title={props.title} style={props.vars.subtle}>
      <span className={`${ActionIcon.classes.icon} mantine-ActionIcon-icon`}>{props.children}</span>
    </a>
  );
}

/** An ActionIcon variant="subtle" button (e.g. a row's menu button); extra attributes go on the button. */
export function LightIconButton({ label, vars, children, ...rest }: { label: string; vars: LightVars; children: ReactNode } & Omit<ComponentPropsWithRef<'button'>, 'children' | 'style' | 'className'>) {
  return (
    <button {...rest} className={AI_CLASS} data-variant="subtle" type="button" aria-label={label} style={vars.subtle}>
      <span className={`${ActionIcon.classes.icon} mantine-ActionIcon-icon`}>{children}</span>
    </button>
  );
}

/** Copies `value`; shows `done` for 1.5 s after (CopyButton with a size="sm" subtle ActionIcon). */
export function LightCopyButton(props: { value: string; label: string; vars: LightVars; icon: ReactNode; done: ReactNode }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const copy = () => {
    void navigator.clipboard?.writeText(props.value).then(() => {
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), 1500);
    });
  };
  return (
    <button
      className={AI_CLASS}
      data-variant="subtle"
      data-size="sm"
      type="button"
      onClick={copy}
      aria-label={copied ? 'Copied' : `${props.label}: ${props.value}`}
      title={copied ? 'Copied' : props.label}
      style={copied ? props.vars.copied : props.vars.copy}
    >
      <span className={`${ActionIcon.classes.icon} mantine-ActionIcon-icon`}>{copied ? props.done : props.icon}</span>
    </button>
  );
}

/**
 * A Badge (label only); extra attributes such as data-status go on its root. A wrapper that clones it
 * (Mantine's Tooltip adds className, a ref and event handlers) keeps the badge's own class and variables.
 */
export function LightBadge({
  variant,
  color,
  vars,
  children,
  className,
  style: extraStyle,
  ...rest
}: { variant: 'light' | 'dot'; color: string; vars: LightVars; children: ReactNode } & Omit<ComponentPropsWithRef<'div'>, 'color' | 'children'> &
  Record<`data-${string}`, string>) {
  const root = `${Badge.classes.root} ${variant === 'dot' ? `${Badge.classes['root--dot']} ` : ''}mantine-Badge-root`;
  const badgeVars = vars.badge(variant, color);
  return (
    <div {...rest} className={className ? `${root} ${className}` : root} data-variant={variant} style={extraStyle ? { ...badgeVars, ...extraStyle } : badgeVars}>
      <span className={`${Badge.classes.label} mantine-Badge-label`}>{children}</span>
    </div>
  );
}
