// Bidirectional control characters (embeddings, overrides, isolates and marks): they reorder how the text around
// them shows, so `invoice\u202Egpj.exe` reads as `invoiceexe.jpg`. The one definition: typed names, titles and
// URLs refuse them (fields.ts, 422 naming the field); text stored from elsewhere that is shown again (audit
// summaries, labels) has them neutralised (shown as their code point) with neutraliseShownText.

/** U+202A to U+202E, U+2066 to U+2069, U+200E, U+200F, U+061C. */
export const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const BIDI_CONTROLS_ALL = new RegExp(BIDI_CONTROLS.source, 'g');

export const BIDI_RULE = 'must not contain bidirectional control characters (U+202A to U+202E, U+2066 to U+2069, U+200E, U+200F, U+061C).';

export function hasBidiControls(text: string): boolean {
  return BIDI_CONTROLS.test(text);
}

/**
 * Text from elsewhere (a file name, a URL, a name typed before the rule), made safe to show as plain text
 * anywhere: each bidirectional control becomes its code point (`[U+202E]`, so that it is seen, not obeyed), and
 * `<` `>` become `‹` `›`, so that nothing in it reads as markup wherever it is shown.
 */
export function neutraliseShownText(text: string): string {
  return text
    .replace(BIDI_CONTROLS_ALL, (c) => `[U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}]`)
    .replace(/</g, '‹')
    .replace(/>/g, '›');
}
