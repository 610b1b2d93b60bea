// The notice after a recorded change (a delete of a link, space, pixel, tag, domain or webhook, a bulk change, an
// import): what was done, in words, and an Undo that stays while the operation can be undone (the notice goes
// when its 24 hours are over, or when closed). The notices sit in the page's flow, above its content, so they
// never cover a control (a toast in a corner hid the header and the page's buttons for as long as it stayed); the
// same Undo is on the Operations page. An undo refused because links changed since offers "Undo anyway" (force);
// any other refusal (a name taken meanwhile) is said as the server says it.
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Button, Group, Notification, Progress, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { UndoError, jobOf, operationIn, useUndoOperation, waitForJob, type OperationJob } from './operations.queries';
import { conflictText, undoneText } from './operation-text';
import type { Operation } from '../../../shared/bulk.schema';

const closeButtonProps = { 'aria-label': 'Close notification' };

/** Longest wait a browser timer takes (about 24.8 days); an undo window is 24 hours. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Notices kept at once: older ones stay undoable on the Operations page. */
const MAX_NOTICES = 3;

interface NoticeEntry {
  id: string;
  op: Operation;
  title: string;
  notes?: ReactNode;
  /** Set once undone: the notice says so and goes after a few seconds. */
  done?: string;
}

let entries: NoticeEntry[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => entries;

function hide(id: string) {
  entries = entries.filter((e) => e.id !== id);
  emit();
}
function markUndone(id: string, text: string) {
  entries = entries.map((e) => (e.id === id ? { ...e, done: text } : e));
  emit();
  setTimeout(() => hide(id), 6000);
}

function UndoNotice({ op, notificationId, notes }: { op: Operation; notificationId: string; notes: ReactNode }) {
  const undo = useUndoOperation();
  const [problem, setProblem] = useState<{ message: string; conflict: boolean } | null>(null);
  // A large change (or its undo) runs as a job on the server (answered 202): its progress, polled every second.
  const [job, setJob] = useState<OperationJob | null>(() => jobOf(op));
  const running = job?.state === 'running';
  // The Undo is offered while the operation can be undone; then the notice goes.
  useEffect(() => {
    const left = Date.parse(op.undo_until) - Date.now();
    const timer = setTimeout(() => hide(notificationId), Math.max(0, Math.min(left, MAX_TIMER_MS)));
    return () => clearTimeout(timer);
  }, [op.undo_until, notificationId]);
  // The change itself still running: follow it until done or failed.
  useEffect(() => {
    if (jobOf(op)?.state !== 'running') return;
    const signal = { stopped: false };
    waitForJob(op.id, (j) => !signal.stopped && setJob(j), signal).catch((err: unknown) => {
      if (!signal.stopped) setProblem({ conflict: false, message: err instanceof Error ? err.message : String(err) });
    });
    return () => {
      signal.stopped = true;
    };
  }, [op]);
  const run = (force: boolean) => {
    setProblem(null);
    undo.mutate(
      { id: op.id, force },
      {
        onSuccess: async (r) => {
          const started = operationIn(r);
          const undoJob = jobOf(started);
          if (!started || undoJob?.state !== 'running') return markUndone(notificationId, undoneText(op, r));
          // The undo runs as a job: its progress here, then the usual words, or its error.
          setJob(undoJob);
          try {
            const last = jobOf(await waitForJob(op.id, setJob));
            if (last?.state === 'failed') setProblem({ conflict: false, message: last.error ?? 'The undo stopped part way; what it did stays.' });
            else markUndone(notificationId, undoneText(op, { ...started, restored: last?.done ?? 0, skipped: [] }));
          } catch (err) {
            setProblem({ conflict: false, message: err instanceof Error ? err.message : String(err) });
          }
        },
        onError: (err) => {
          const conflict = err instanceof UndoError && err.status === 409 && err.conflictsCount > 0;
          setProblem({ conflict, message: conflict ? conflictText(op, (err as UndoError).conflictsCount) : err.message });
        },
      },
    );
  };
  const progress = job && (running || job.state === 'failed') && (
    <Stack gap={2} data-testid="operation-progress">
      <Progress value={job.total > 0 ? (100 * job.done) / job.total : 0} size="sm" animated={running} aria-label={job.kind === 'undo' ? 'Undo progress' : 'Progress'} />
      <Text size="xs">
        {job.kind === 'undo' ? 'Undoing' : 'Applying'}: {job.done.toLocaleString('en')} of {job.total.toLocaleString('en')} links
        {job.state === 'failed' ? ` — stopped${job.error ? `: ${job.error}` : ''}` : ''}
      </Text>
    </Stack>
  );
  return (
    <Stack gap={4}>
      {progress}
      {notes}
      <Text size="sm">Undo within 24 hours, here or on the Operations page.</Text>
      {problem && (
        <Text size="sm" c="red.9" role="alert" data-testid="undo-problem">
          {problem.message}
        </Text>
      )}
      <Group gap="xs">
        <Button size="compact-sm" variant="light" leftSection={<IconArrowBackUp size={14} aria-hidden />} loading={undo.isPending || running} onClick={() => run(false)}>
          Undo
        </Button>
        {problem?.conflict && (
          <Button size="compact-sm" color="red.9" variant="light" loading={undo.isPending} onClick={() => run(true)}>
            Undo anyway
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * Shows what an operation did (its summary, or `title`) with an Undo, while the operation can be undone: after a
 * delete, a bulk action (`notes`: what it left aside) or anything else recorded.
 */
export function showUndoNotice(op: Operation, { title, notes }: { title?: string; notes?: ReactNode } = {}): void {
  const id = `operation-${op.id}`;
  entries = [{ id, op, title: title ?? op.summary, notes }, ...entries.filter((e) => e.id !== id)].slice(0, MAX_NOTICES);
  emit();
}

/** Forgets every notice (a switch of workspace: their operations are another workspace's). */
export function clearUndoNotices(): void {
  entries = [];
  emit();
}

/** The notices, in the page's flow (AppShell.Main, above the page): they push the page down, never cover it. */
export function UndoNotices() {
  const list = useSyncExternalStore(subscribe, snapshot, snapshot);
  if (list.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" data-testid="undo-notices" aria-live="polite">
      {list.map((e) =>
        e.done ? (
          <Notification key={e.id} color="green" title="Undone" onClose={() => hide(e.id)} closeButtonProps={closeButtonProps} withBorder data-undo-notice>
            {e.done}
          </Notification>
        ) : (
          <Notification key={e.id} color="teal" title={e.title} onClose={() => hide(e.id)} closeButtonProps={closeButtonProps} withBorder data-undo-notice>
            <UndoNotice op={e.op} notificationId={e.id} notes={e.notes} />
          </Notification>
        ),
      )}
    </Stack>
  );
}
