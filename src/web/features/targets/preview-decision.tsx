// The targeting preview's answer: what the visitor gets and what decided (PreviewAnswer), every check in the
// redirect's order, and for rotations the expected split (PreviewDecision).
import { Alert, Anchor, Badge, Group, List, Stack, Table, Text } from '@mantine/core';
import type { DecisionStep } from '../../../shared/visit-decision';
import type { PreviewResult } from './preview-logic';
import { formatShare } from './target-keys';
import { STEP_LABELS, type PreviewSentence } from './preview-sentence';

const STATE: Record<DecisionStep['state'], { word: string; color: string }> = {
  passed: { word: 'Passes', color: 'gray' },
  stops: { word: 'Stops here', color: 'red' },
  asks: { word: 'Asks first', color: 'yellow' },
  skipped: { word: 'Not reached', color: 'gray' },
  decides: { word: 'Decides', color: 'teal' },
};

function DestinationLink({ url }: { url: string }) {
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" c="inherit" fw={600} underline="always" style={{ overflowWrap: 'anywhere' }} data-testid="preview-destination">
      {url}
    </Anchor>
  );
}

/** What this visitor gets, in whole sentences, and what decided (a gate, or the rule in words). */
export function PreviewAnswer({ result, told }: { result: PreviewResult; told: PreviewSentence }) {
  const { decision } = result;
  const stopped = decision.steps.some((s) => s.state === 'stops');
  const destinationAt = decision.destination ? told.sentence.indexOf(decision.destination) : -1;
  return (
    <Alert variant="light" color={stopped ? 'red' : decision.decidedBy === 'destination' ? 'teal' : 'yellow'} title="This visitor gets" data-testid="preview-result" role="status" styles={{ body: { minWidth: 0 } }}>
      <Stack gap={4}>
        <Text size="sm" data-testid="preview-summary" style={{ overflowWrap: 'anywhere' }}>
          {destinationAt < 0 || !decision.destination ? (
            told.sentence
          ) : (
            <>
              {told.sentence.slice(0, destinationAt)}
              <DestinationLink url={decision.destination} />
              {told.sentence.slice(destinationAt + decision.destination.length)}
            </>
          )}
        </Text>
        {/* The destination once: in the sentence when it names it, else on a line of its own. */}
        {decision.destination && destinationAt < 0 && <DestinationLink url={decision.destination} />}
        <Group gap={6}>
          <Text size="xs">Decided by</Text>
          <Badge size="sm" variant="filled" color={stopped ? 'red.8' : 'teal.9'} tt="none" data-testid="preview-decided-by">
            {told.decidedBy}
          </Badge>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Every check in the redirect's order, and for rotations the split. */
export function PreviewDecision({ result }: { result: PreviewResult }) {
  const { decision, rotation } = result;
  return (
    <Stack gap="sm">
      <List type="ordered" size="sm" spacing={4} aria-label="The redirect's checks, in order" data-testid="preview-steps">
        {decision.steps.map((s) => (
          <List.Item key={s.id} data-state={s.state} data-testid={`step-${s.id}`}>
            <Group gap={6} wrap="nowrap" align="baseline">
              <Text size="sm" fw={500} style={{ flexShrink: 0 }}>
                {STEP_LABELS[s.id]}
              </Text>
              <Badge size="xs" variant="light" color={STATE[s.state].color} style={{ flexShrink: 0 }}>
                {STATE[s.state].word}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
              {s.text}
            </Text>
          </List.Item>
        ))}
      </List>
      {rotation && (
        <Stack gap="xs" data-testid="preview-rotation">
          <Text size="sm">Rotations split visits by weight (smooth round-robin), whoever the visitor is:</Text>
          {/* Never wider than the preview column (beside the rules from 1024 px): the cells wrap instead of scrolling. */}
          <Table.ScrollContainer minWidth={0}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Rule</Table.Th>
                  <Table.Th>Destination</Table.Th>
                  <Table.Th>Weight</Table.Th>
                  <Table.Th>Expected share</Table.Th>
                  <Table.Th>Of the next {rotation.sequence.length} visits</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rotation.rows.map((r) => (
                  <Table.Tr key={r.index}>
                    <Table.Td>{r.rule}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{r.destination || '(no destination yet)'}</Table.Td>
                    <Table.Td>{r.weight}</Table.Td>
                    <Table.Td>{formatShare(r.share)}</Table.Td>
                    <Table.Td>{r.visits}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}
