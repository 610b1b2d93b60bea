// One value of a revision's field (revision-diff.ts's DiffValue), rendered as text: whatever the account typed
// (titles, URLs, tags) goes through React's escaping, never as markup.
import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import type { DiffValue } from './revision-diff';
import classes from './link-history.module.css';

function Url({ url }: { url: string }) {
  return (
    <span className={classes.url} title={url}>
      {url}
    </span>
  );
}

export function RevisionValue({ value }: { value: DiffValue }) {
  switch (value.kind) {
    case 'none':
      return (
        <>
          <span aria-hidden>—</span>
          <VisuallyHidden>none</VisuallyHidden>
        </>
      );
    case 'secret':
      return (
        <Text component="span" size="sm" fs="italic">
          changed
        </Text>
      );
    case 'text':
      return <span>{value.text}</span>;
    case 'url':
      return <Url url={value.url} />;
    case 'badges':
      return (
        <Group gap={4} component="span">
          {value.items.map((tag) => (
            <Badge key={tag} variant="light" color="gray" tt="none" maw="100%" title={tag}>
              {tag}
            </Badge>
          ))}
        </Group>
      );
    case 'rules':
      return (
        <ol className={classes.rules}>
          {value.items.map((rule, i) => (
            <li key={i}>
              <Text component="span" size="sm" fw={600}>
                {rule.key}
              </Text>
              <Url url={rule.url} />
            </li>
          ))}
        </ol>
      );
  }
}
