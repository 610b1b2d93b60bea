// The targeting preview's answer in one or two whole sentences, and the name of what decided it: a gate that
// stops the visit ("Active period"), or the rule in words ("Rule 2 (Germany)"), never an empty destination
// ("goes to .") nor the step's name alone ("Targeting rules").
import type { DecisionLink, StepId, VisitDecision } from '../../../shared/visit-decision';
import { keyName } from '../links/link-field-messages';

export const STEP_LABELS: Record<StepId, string> = {
  disabled: 'Disabled',
  active_period: 'Active period',
  clicks_limit: 'Clicks limit',
  password: 'Redirect password',
  warning: 'Sensitive-content warning',
  pixels: 'Pixels',
  destination: 'Targeting rules',
};

export interface PreviewSentence {
  /** What this visitor gets, as whole sentences. */
  sentence: string;
  /** What decided, in words: "Rule 2 (Germany)", "No targeting", "Active period"… */
  decidedBy: string;
}

export const ENTER_DESTINATION = 'Enter a destination URL to see where visitors go.';

function joinAnd(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** The pages shown before the destination (in the redirect's order), as verbs: "asks for the redirect password". */
function askWords(link: DecisionLink, decision: VisitDecision): string[] {
  const words: Partial<Record<StepId, string>> = {
    password: 'asks for the redirect password',
    warning: 'shows the sensitive-content warning',
    pixels: link.pixels === 1 ? 'loads its pixel' : `loads its ${link.pixels} pixels`,
  };
  return decision.steps.flatMap((s) => (s.state === 'asks' && words[s.id] ? [words[s.id] as string] : []));
}

/** Where the destination step sends the visitor, and what decided it. */
function destinationSentence(link: DecisionLink, decision: VisitDecision, ruleNumbers: readonly number[]): PreviewSentence {
  const url = link.url.trim();
  if (link.targets_type === null || link.targets.length === 0) {
    return { sentence: url ? `No targeting: every visitor goes to ${url}.` : ENTER_DESTINATION, decidedBy: 'No targeting' };
  }
  if (link.targets_type === 'rotations') {
    const n = link.targets.length;
    return {
      sentence:
        n === 1
          ? `Rotation decided: every visit goes to the only rotation rule's destination${link.targets[0]?.value ? `, ${link.targets[0].value}` : ', which is empty yet'}.`
          : `Rotation decided: each visit goes to one of the ${n} rules' destinations, by weight (the split is below).`,
      decidedBy: 'Rotation by weight',
    };
  }
  const index = decision.match?.index ?? -1;
  const rule = index >= 0 ? link.targets[index] : undefined;
  if (!rule) {
    return {
      sentence: url ? `No rule matched: the visitor goes to the default destination ${url}.` : `No rule matched, and the default destination is empty. ${ENTER_DESTINATION}`,
      decidedBy: 'No rule matched',
    };
  }
  const name = `Rule ${ruleNumbers[index] ?? index + 1} (${keyName(link.targets_type, rule.key)})`;
  const to = rule.value.trim();
  return {
    sentence: to ? `${name} decided: the visitor goes to ${to}.` : `${name} decided, but it has no destination URL yet: enter one to see where the visitor goes.`,
    decidedBy: name,
  };
}

/**
 * The preview's sentence for `decision` (decideVisit on `link`). `ruleNumbers`: the form's number of each rule the
 * link kept (keptRuleNumbers), so that a rule is named as the editor numbers it.
 */
export function previewSentence(link: DecisionLink, decision: VisitDecision, ruleNumbers: readonly number[] = []): PreviewSentence {
  // A gate that stops the visit: the shared summary is whole (a 404 or 410 page, or the expiration URL, never empty).
  if (decision.steps.some((s) => s.state === 'stops')) return { sentence: decision.summary, decidedBy: STEP_LABELS[decision.decidedBy] };
  const where = destinationSentence(link, decision, ruleNumbers);
  const asks = askWords(link, decision);
  return asks.length ? { ...where, sentence: `First the link ${joinAnd(asks)}. ${where.sentence}` } : where;
}
