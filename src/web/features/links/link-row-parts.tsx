// What a link's table row and its phone card share: navigation by plain anchors, the actions (edit link and
// the lazily loaded row menu), the space badge, and the number and date formats.
import { Suspense, lazy, useEffect, useRef, useState, type ChangeEvent, type MouseEvent } from 'react';
import { IconDots, IconPencil } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import type { Link } from '../../../shared/link.schema';
import { urlParts } from '../../lib/url-parts';
import { withWorkspace } from '../../lib/current-workspace';
import { LightBadge, LightIconButton, LightIconLink, type LightVars } from '../../components/light-controls';
import { SPACE_COLOR_NAMES } from '../../theme';
import classes from './links-table.module.css';

// The row menu (Mantine's Menu and its icons) loads when a row's menu button is first pressed.
const LinkRowMenu = lazy(() => import('./link-row-menu').then((m) => ({ default: m.LinkRowMenu })));

export const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
export const numberFormat = new Intl.NumberFormat();

/** A row's checkbox was clicked; `range`: with Shift held (select from the last clicked row). */
export type ToggleRow = (id: number, range: boolean) => void;

/** The change handler of a row's checkbox: reads Shift from the click that changed it. */
export const rowToggle = (onToggle: ToggleRow, id: number) => (e: ChangeEvent<HTMLInputElement>) =>
  onToggle(id, (e.nativeEvent as globalThis.MouseEvent).shiftKey === true);

/** Shift-clicking a checkbox would also select the page's text between the clicks: not for a checkbox. */
export const noShiftSelect = (e: MouseEvent) => {
  if (e.shiftKey) e.preventDefault();
};

/**
 * Delegated to the table body or the card list: a text cut with an ellipsis (the .truncate class, or a part of a
 * MiddleUrl) gets its whole text as a tooltip (title) while hovered, a text shown whole gets none. One handler for
 * all the rows, and no tooltip that repeats what is already on screen.
 */
export const titleIfCut = (e: MouseEvent) => {
  const el = e.target instanceof Element ? e.target.closest<HTMLElement>(`.${classes.truncate}, .${classes.url}`) : null;
  if (!el) return;
  // A MiddleUrl is cut where one of its shown parts is (its hidden scheme does not count).
  const parts = el.matches(`.${classes.url}`) ? [...el.children].filter((c) => !c.matches(`.${classes.srOnly}`)) : [el];
  if (parts.some((x) => x.scrollWidth > x.clientWidth)) el.title = el.textContent ?? '';
  else el.removeAttribute('title');
};

/**
 * A URL on one line, cut in its middle when it does not fit (`shop.example.com/collections/su…/spring-sale`): the
 * host and the last segment stay, the path between gives way first (lib/url-parts.ts). The scheme is not shown
 * but is part of the text (screen readers, copying, the tooltip). Plain spans, cut by CSS to the exact width.
 */
export function MiddleUrl({ url, className, testId }: { url: string; className?: string; testId?: string }) {
  const { scheme, host, middle, tail } = urlParts(url);
  return (
    <span className={className ? `${classes.url} ${className}` : classes.url} data-testid={testId}>
      {scheme && <span className={classes.srOnly}>{scheme}</span>}
      <span className={classes.urlHost}>{host}</span>
      {middle && <span className={classes.urlMiddle}>{middle}</span>}
      {tail && <span>{tail}</span>}
    </span>
  );
}

/**
 * Plain anchors with a click handler: a router <Link> per cell costs a location build on every render,
 * which adds up over 100 rows. Modified clicks (new tab, ...) keep the browser's behaviour. A click navigates
 * through the router, which keeps the workspace as on any link.
 */
export function useRowNavigate() {
  const router = useRouter();
  const base = (router.options.basepath ?? '').replace(/\/$/, '');
  return {
    // With the workspace (`ws`): an anchor opened in a new tab shows the same workspace.
    href: (to: string) => base + withWorkspace(to),
    go: (to: string) => (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      void router.navigate({ href: to });
    },
  };
}

/**
 * The row's "more actions" button: a light button until first pressed, then the real menu, open at once. When
 * the menu closes the light button comes back and takes the focus (the menu's own button is gone by then).
 */
function RowMenuButton({ link, onDelete, editable, vars }: { link: Link; onDelete: (link: Link) => void; editable: boolean; vars: LightVars }) {
  const { href, go } = useRowNavigate();
  const [open, setOpen] = useState(false);
  const refocus = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!refocus.current || open) return;
    refocus.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) button.current?.focus();
  }, [open]);
  const light = (
    <LightIconButton ref={button} label={`Actions for ${link.alias}`} title="More actions" aria-haspopup="menu" onClick={() => setOpen(true)} vars={vars}>
      <IconDots size={16} />
    </LightIconButton>
  );
  if (!open) return light;
  return (
    <Suspense fallback={light}>
      <LinkRowMenu
        link={link}
        href={href}
        go={go}
        onDelete={onDelete}
        editable={editable}
        onClose={() => {
          refocus.current = true;
          setOpen(false);
        }}
      />
    </Suspense>
  );
}

/** Edit (when the person may), then the menu with every other action. */
export function RowActions({ link, onDelete, editable, vars }: { link: Link; onDelete: (link: Link) => void; editable: boolean; vars: LightVars }) {
  const { href, go } = useRowNavigate();
  const edit = `/links/${link.id}/edit`;
  return (
    <div className={classes.actions}>
      {editable && (
        <LightIconLink href={href(edit)} onClick={go(edit)} label={`Edit ${link.alias}`} title="Edit" vars={vars}>
          <IconPencil size={16} />
        </LightIconLink>
      )}
      <RowMenuButton link={link} onDelete={onDelete} editable={editable} vars={vars} />
    </div>
  );
}

/** Tags shown on a row or card at most; the rest are "+N" (their names in its tooltip). */
export const TAGS_SHOWN = 3;

/** The link's tags as small badges, long names cut (the whole name on hover, titleIfCut), then "+N". */
export function TagBadges({ link, vars }: { link: Link; vars: LightVars }) {
  if (!link.tags.length) return null;
  const rest = link.tags.slice(TAGS_SHOWN);
  return (
    <span className={classes.tags} data-testid="link-tags">
      {link.tags.slice(0, TAGS_SHOWN).map((t) => (
        <LightBadge key={t.id} variant="light" color={SPACE_COLOR_NAMES[t.color] ?? 'gray'} vars={vars} className={classes.tagBadge}>
          <span className={classes.truncate}>{t.name}</span>
        </LightBadge>
      ))}
      {rest.length > 0 && (
        <LightBadge variant="light" color="gray" vars={vars} className={classes.tagBadge} title={rest.map((t) => t.name).join(', ')}>
          +{rest.length}
        </LightBadge>
      )}
    </span>
  );
}

/** The link's space as a dot badge whose name wraps rather than being cut (names are at most 32 characters). */
export function SpaceBadge({ link, vars }: { link: Link; vars: LightVars }) {
  if (!link.space) return <span className={classes.dimmed}>—</span>;
  return (
    <LightBadge variant="dot" color={SPACE_COLOR_NAMES[link.space.color] ?? 'gray'} vars={vars} className={classes.spaceBadge}>
      {link.space.name}
    </LightBadge>
  );
}
