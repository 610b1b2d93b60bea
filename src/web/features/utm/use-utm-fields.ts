// The five UTM inputs of the link editor, kept in step with the destination URL (where they are stored): typing
// in one rewrites the URL's query; editing the URL itself refills them. Each input keeps what was typed
// (a trailing space while typing "Spring sale") as long as the URL says the same, trimmed.
import { useState } from 'react';
import { UTM_KEYS, readUtm, withUtm, type UtmChanges, type UtmKey } from '../../../shared/utm';

export type UtmInputs = Record<UtmKey, string>;

function fromUrl(url: string): UtmInputs {
  const read = readUtm(url);
  return Object.fromEntries(UTM_KEYS.map((k) => [k, read[k] ?? ''])) as UtmInputs;
}

/** Whether the typed inputs still say what the URL says (ignoring spaces at the ends). */
export function sameAsUrl(inputs: UtmInputs, url: string): boolean {
  const read = readUtm(url);
  return UTM_KEYS.every((k) => (inputs[k].trim() || null) === read[k]);
}

export function useUtmFields(url: string, setUrl: (url: string) => void) {
  const [typed, setTyped] = useState<{ url: string; inputs: UtmInputs }>(() => ({ url, inputs: fromUrl(url) }));
  // The URL changed elsewhere (typed in its field, a template applied): refill unless it says what is typed.
  let inputs = typed.inputs;
  if (typed.url !== url) {
    inputs = sameAsUrl(typed.inputs, url) ? typed.inputs : fromUrl(url);
    setTyped({ url, inputs });
  }
  const change = (changes: UtmChanges, shown: Partial<UtmInputs> = {}) => {
    const next = withUtm(url, changes);
    const nextInputs = { ...inputs, ...Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v ?? ''])), ...shown } as UtmInputs;
    setTyped({ url: next, inputs: nextInputs });
    if (next !== url) setUrl(next);
  };
  return {
    inputs,
    set: (key: UtmKey, value: string) => change({ [key]: value }, { [key]: value }),
    /** Apply a template: its parameters, and none of the others. */
    apply: (values: Partial<Record<UtmKey, string | null>>) => change(Object.fromEntries(UTM_KEYS.map((k) => [k, values[k] ?? null]))),
  };
}
