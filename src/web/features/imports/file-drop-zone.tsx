// Where the file comes in (CSV, TSV or JSON): dropped on the dashed area, or picked with the button (the keyboard's and a
// phone's way). Mantine's Dropzone is not installed; FileButton is core's hidden <input type="file">.
import { useState, type DragEvent } from 'react';
import { Button, FileButton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { MAX_IMPORT_BYTES } from '../../../shared/import.schema';
import classes from './file-drop-zone.module.css';

const MB = MAX_IMPORT_BYTES / 1024 / 1024;

/** The picker's filter only (the server tells the layout from the content, never from the name). */
const ACCEPT = '.csv,.tsv,.txt,.json,text/csv,text/tab-separated-values,text/plain,application/json';

export function FileDropZone({ file, onFile }: { file: File | null; onFile: (file: File) => void }) {
  const [over, setOver] = useState(false);
  const drag = (e: DragEvent<HTMLDivElement>, on: boolean) => {
    e.preventDefault();
    setOver(on);
  };
  const drop = (e: DragEvent<HTMLDivElement>) => {
    drag(e, false);
    const dropped = e.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    <div
      className={classes.zone}
      data-over={over || undefined}
      data-testid="import-drop-zone"
      onDragEnter={(e) => drag(e, true)}
      onDragOver={(e) => drag(e, true)}
      onDragLeave={(e) => drag(e, false)}
      onDrop={drop}
    >
      <Stack align="center" gap="xs">
        <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
          <IconFileSpreadsheet size={24} />
        </ThemeIcon>
        {file ? (
          <Text fw={600} className={classes.name} data-testid="import-file-name">
            {file.name}
          </Text>
        ) : (
          <Text fw={600}>Drop a CSV, TSV or JSON file here</Text>
        )}
        <Text size="sm" c="dimmed">
          Linkdeck, Bitly, Shlink, Kutt or YOURLS export · UTF-8 · up to {MB} MB
        </Text>
        <FileButton onChange={(f) => f && onFile(f)} accept={ACCEPT} inputProps={{ 'aria-label': 'File to import' }}>
          {(props) => (
            <Button variant={file ? 'default' : 'filled'} {...props}>
              {file ? 'Choose another file' : 'Choose a file'}
            </Button>
          )}
        </FileButton>
      </Stack>
    </div>
  );
}
