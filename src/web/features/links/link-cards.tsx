// The links list on a phone or a narrow window: one card per link (checkbox, alias, status, short URL with copy,
// destination, title, clicks, space and the row's actions) instead of a table scrolled sideways. Plain
// elements and the light controls as in the table's rows, for the same reason (100 cards render fast).
import { memo } from 'react';
import { Checkbox } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { Link } from '../../../shared/link.schema';
import { LightCheckbox, LightCopyButton, useLightVars, type LightVars } from '../../components/light-controls';
import { StatusBadge } from '../../components/status-badge';
import { MiddleUrl, RowActions, SpaceBadge, TagBadges, noShiftSelect, numberFormat, rowToggle, titleIfCut, useRowNavigate, type ToggleRow } from './link-row-parts';
import type { LinksTableProps } from './links-table';
import table from './links-table.module.css';
import classes from './link-cards.module.css';

interface LinkCardProps {
  link: Link;
  checked: boolean;
  onToggle: ToggleRow;
  onDelete: (link: Link) => void;
  editable: boolean;
  vars: LightVars;
}

const LinkCard = memo(function LinkCard({ link, checked, onToggle, onDelete, editable, vars }: LinkCardProps) {
  const { href, go } = useRowNavigate();
  const details = `/links/${link.id}`;
  return (
    <li data-testid="link-row" data-link-id={link.id} className={checked ? `${classes.card} ${table.selected}` : classes.card}>
      {editable && (
        <div className={classes.check} onMouseDown={noShiftSelect}>
          <LightCheckbox label={`Select ${link.alias}`} checked={checked} onChange={rowToggle(onToggle, link.id)} vars={vars} />
        </div>
      )}
      <div className={classes.body}>
        <div className={classes.top}>
          <a href={href(details)} onClick={go(details)} className={`${table.alias} ${table.truncate}`}>
            {link.alias}
          </a>
          <StatusBadge link={link} vars={vars} />
        </div>
        <div className={table.shortUrl}>
          <MiddleUrl url={link.short_url} />
          <LightCopyButton value={link.short_url} label="Copy short URL" vars={vars} icon={<IconCopy size={16} />} done={<IconCheck size={16} />} />
        </div>
        <MiddleUrl url={link.url} className={classes.url} testId="link-url" />
        {link.title && (
          <span className={`${table.truncate} ${table.dimmed} ${classes.title}`} data-testid="link-title">
            {link.title}
          </span>
        )}
        <div className={classes.bottom}>
          <div className={classes.meta}>
            <span className={classes.clicks}>
              {numberFormat.format(link.clicks)} {link.clicks === 1 ? 'click' : 'clicks'}
            </span>
            {link.space && <SpaceBadge link={link} vars={vars} />}
            <TagBadges link={link} vars={vars} />
          </div>
          <RowActions link={link} onDelete={onDelete} editable={editable} vars={vars} />
        </div>
      </div>
    </li>
  );
});

export function LinkCards({ links, selected, onToggle, onToggleAll, onDelete, editable, loading }: LinksTableProps) {
  const all = links.length > 0 && links.every((l) => selected.has(l.id));
  const some = links.some((l) => selected.has(l.id));
  const vars = useLightVars();
  return (
    <div>
      {editable && (
        <Checkbox
          className={classes.selectAll}
          label="Select all links on this page"
          checked={all}
          indeterminate={some && !all}
          onChange={(e) => onToggleAll(e.currentTarget.checked)}
        />
      )}
      <ul className={classes.list} data-testid="links-cards" aria-label="Links" aria-busy={loading} onMouseOver={titleIfCut}>
        {links.map((link) => (
          <LinkCard key={link.id} link={link} checked={selected.has(link.id)} onToggle={onToggle} onDelete={onDelete} editable={editable} vars={vars} />
        ))}
      </ul>
    </div>
  );
}
