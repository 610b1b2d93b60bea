// "Shared with every workspace": the instance admin's switch on a domain's editor. Only the instance
// admin sees it (the server refuses `shared` from anyone else, 403 naming the field).
import { Switch } from '@mantine/core';

interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur: () => void;
}

export function SharedSwitch({ checked, onChange, onBlur }: Props) {
  return (
    <Switch
      label="Shared with every workspace"
      description="The links of every workspace may use this domain. Other workspaces see it in their lists, read-only."
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
      onBlur={onBlur}
    />
  );
}
