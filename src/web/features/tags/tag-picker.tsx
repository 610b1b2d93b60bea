// The link editor's tags: existing tags suggested as you type, a new name becomes a new tag when the link is
// saved. Enter or a comma ends a name.
import { TagsInput, type TagsInputProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TAG_NAME_MAX, TAGS_PER_LINK_MAX, tagKey } from '../../../shared/tag.schema';
import { tagQueries } from './tags.queries';

export interface TagPickerProps {
  value: string[];
  onChange: (names: string[]) => void;
  error?: string;
  /** The editor's "Tags" unless said (the bulk edit's "Add tags", "Remove tags"). */
  label?: string;
  description?: string;
  /** Where the suggestions open (the bulk bar's popover opens them above the input). */
  comboboxProps?: TagsInputProps['comboboxProps'];
}

/** Names as typed: trimmed, at most 40 characters, no repeats ignoring case (the server's rules). */
export function cleanTagNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names
    .map((n) => n.trim().slice(0, TAG_NAME_MAX))
    .filter((n) => {
      if (!n || seen.has(tagKey(n))) return false;
      seen.add(tagKey(n));
      return true;
    });
}

export function TagPicker({ value, onChange, error, label = 'Tags', description = `Up to ${TAGS_PER_LINK_MAX}; a new name creates a tag.`, comboboxProps }: TagPickerProps) {
  const tags = useQuery(tagQueries.lookup());
  return (
    <TagsInput
      label={label}
      description={description}
      placeholder={value.length ? undefined : 'Type or pick tags'}
      data={(tags.data ?? []).map((t) => t.name)}
      value={value}
      onChange={(v) => onChange(cleanTagNames(v))}
      maxTags={TAGS_PER_LINK_MAX}
      splitChars={[',']}
      clearable
      error={error}
      comboboxProps={comboboxProps}
    />
  );
}
