// Targeting preview for QA, beside the link editor: the form as it is on screen (unsaved edits included)
// run through the redirect's whole decision (shared/visit-decision.ts) for a visitor picked from lists or
// read off a pasted request, at a chosen time.
import { useState } from 'react';
import { Accordion, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PickerSelect } from '../../components/picker-select';
import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { continentOf } from '../../../shared/geo-data';
import { preferredLanguage } from '../../../shared/accept-language';
import { CONTINENTS } from '../../../shared/enums';
import type { ResolvedVisitor } from '../../../shared/visitor-preview.schema';
import { BROWSER_OPTIONS, COUNTRY_OPTIONS, DEVICE_OPTIONS, OS_OPTIONS, TARGETS_TYPE_LABELS, VISITOR_LANGUAGE_OPTIONS, filterKeyOptions, keySearchTerms } from './target-keys';
import { countrySelectProps } from '../../components/country-flag';
import { formToDecision, keptRuleNumbers, NOBODY, previewVisit, type PreviewForm, type SavedState, type VisitorPick } from './preview-logic';
import { PreviewAnswer, PreviewDecision } from './preview-decision';
import { previewSentence } from './preview-sentence';
import { PastedRequestForm } from './pasted-request-form';
import { useNow } from '../../lib/use-now';
import { LocalDateTimePicker } from '../../components/local-date-time-picker';

const timeFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
const countryFilter: OptionsFilter = ({ options, search }) => filterKeyOptions(options as ComboboxItem[], search, keySearchTerms('countries'));
const languageFilter: OptionsFilter = ({ options, search }) => filterKeyOptions(options as ComboboxItem[], search, keySearchTerms('languages'));

export function TargetingPreview({ saved }: { saved: SavedState }) {
  const { control, formState } = useFormContext<PreviewForm>();
  const values = useWatch({ control }) as PreviewForm;
  const [pick, setPick] = useState<VisitorPick>(NOBODY);
  const [bot, setBot] = useState(false);
  const [at, setAt] = useState<string | null>(null);
  const clock = useNow();
  const set = (k: keyof VisitorPick) => (v: string | null) => {
    setPick((p) => ({ ...p, [k]: v }));
    setBot(false);
  };

  const link = formToDecision(values, saved);
  const now = at ? Date.parse(at) : clock;
  const ruleNumbers = keptRuleNumbers(values);
  const result = previewVisit(link, pick, now, { formatTime: (ms) => timeFormat.format(ms), ruleNumbers });
  const continent = continentOf(pick.country);
  const language = preferredLanguage(pick.language ?? undefined);

  const usePasted = (v: ResolvedVisitor) => {
    setPick({ country: v.country, language: v.language, os: v.os, browser: v.browser, device: v.device });
    setBot(v.bot);
  };

  return (
    <Card withBorder padding="md" data-testid="targeting-preview" component="section" aria-label="Targeting preview">
      <Stack gap="sm">
        <Group gap="xs">
          <IconRoute size={18} aria-hidden />
          <Title order={2} size="h4">
            Targeting preview
          </Title>
          <Badge variant="light" tt="none" data-testid="preview-type">
            {values.targets_type ? TARGETS_TYPE_LABELS[values.targets_type] : 'No targeting'}
          </Badge>
          {formState.isDirty && (
            <Badge variant="light" color="orange" data-testid="preview-unsaved">
              Unsaved changes
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Previews the form as it is on screen{formState.isDirty ? ', unsaved changes included' : ''}, through every check of the redirect, in its order, with the
          redirect&apos;s own code.
        </Text>
        {/* The visitor first (what QA changes most), then the answer right under it, beside the rules. */}
        <SimpleGrid minColWidth={170} spacing="xs">
          <PickerSelect label="Country" placeholder="Unknown" data={COUNTRY_OPTIONS} value={pick.country} onChange={set('country')} searchable clearable filter={countryFilter} {...countrySelectProps(pick.country)} />
          <PickerSelect label="Language" placeholder="Unknown" data={VISITOR_LANGUAGE_OPTIONS} value={pick.language} onChange={set('language')} searchable clearable filter={languageFilter} />
          <PickerSelect label="Operating system" placeholder="Unknown" data={OS_OPTIONS} value={pick.os} onChange={set('os')} clearable />
          <PickerSelect label="Browser" placeholder="Unknown" data={BROWSER_OPTIONS} value={pick.browser} onChange={set('browser')} searchable clearable />
          <PickerSelect label="Device" placeholder="Unknown" data={DEVICE_OPTIONS} value={pick.device} onChange={set('device')} clearable />
          <LocalDateTimePicker label="Visit at" placeholder="Now" value={at} onChange={setAt} clearLabel="Visit now" applyLabel="Apply visit time" />
        </SimpleGrid>
        <PreviewAnswer result={result} told={previewSentence(link, result.decision, ruleNumbers)} />
        {(continent || (pick.language && language !== pick.language) || bot) && (
          <Text size="xs" c="dimmed" data-testid="preview-derived">
            {continent ? `Continent from the country: ${CONTINENTS[continent]} (${continent}). ` : ''}
            {pick.language && language !== pick.language ? `${pick.language} matches rules for "${language}", as the redirect reads the first subtag. ` : ''}
            {bot ? 'A known bot: it is redirected like anyone, but its visit is not counted.' : ''}
          </Text>
        )}
        <Accordion variant="contained" chevronPosition="left">
          <Accordion.Item value="paste">
            <Accordion.Control>Paste a real request (User-Agent, IP, Accept-Language)</Accordion.Control>
            <Accordion.Panel>
              <PastedRequestForm onResolved={usePasted} />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <PreviewDecision result={result} />
      </Stack>
    </Card>
  );
}
