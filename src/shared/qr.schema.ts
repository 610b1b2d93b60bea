// QR codes of a link: the query of GET /api/v1/links/{id}/qr and the account's default style
// (GET/PUT /api/v1/account/qr-style), one set of fields for the API and the dashboard's designer.
import { z } from 'zod';
import { queryEnum, queryInt } from './fields';
import { QR_ECC, QR_MARGIN, QR_SIZE } from './enums';
import type { qrStyleObject } from './objects/qr-style.object';


export const QR_FORMATS = ['png', 'svg'] as const;
export type QrEcc = (typeof QR_ECC)[number];
/** The logo's largest file (bytes); PNG only. */
export const QR_LOGO_MAX_BYTES = 256 * 1024;
/** Below this contrast ratio between the two colours, scanners fail often: refused. */
export const QR_MIN_CONTRAST = 3;

/** A style: the answer of GET /account/qr-style without `has_logo`. */
export type QrStyle = Omit<QrStyleBody, 'has_logo'>;

export const DEFAULT_QR_STYLE: QrStyle = { fg: '#000000', bg: '#ffffff', size: 512, margin: 2, ecc: 'M', logo: false };

const HEX = /^#?([0-9a-f]{6})$/i;
const color = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string({ error: 'must be a colour like #1a2b3c.' })
    .trim()
    .regex(HEX, { error: 'must be a colour like #1a2b3c.' })
    .transform((v) => `#${(HEX.exec(v) as RegExpExecArray)[1]!.toLowerCase()}`),
);
const bool01 = z.preprocess((v) => (v === '1' || v === 1 || v === 'true' || v === true ? true : v === '0' || v === 0 || v === 'false' || v === false ? false : v), z.boolean({ error: 'must be 0 or 1.' }));

/** Relative luminance (WCAG) of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The checks between fields, for the query, the style and the designer alike. */
export function qrStyleIssues(s: Partial<QrStyle>): { field: 'fg' | 'ecc'; message: string }[] {
  const issues: { field: 'fg' | 'ecc'; message: string }[] = [];
  if (s.fg && s.bg && contrastRatio(s.fg, s.bg) < QR_MIN_CONTRAST) {
    issues.push({ field: 'fg', message: `must contrast with bg at least ${QR_MIN_CONTRAST}:1 for scanners to read it (it is ${contrastRatio(s.fg, s.bg).toFixed(1)}:1).` });
  }
  if (s.logo && (s.ecc === 'L' || s.ecc === 'M')) issues.push({ field: 'ecc', message: 'must be Q or H with a logo: the logo covers part of the code.' });
  return issues;
}

export function checkQrStyle(s: Partial<QrStyle>, ctx: z.RefinementCtx): void {
  for (const i of qrStyleIssues(s)) ctx.addIssue({ code: 'custom', path: [i.field], message: i.message });
}

const styleFields = {
  fg: color.optional(),
  bg: color.optional(),
  size: queryInt(QR_SIZE.min, QR_SIZE.max),
  margin: queryInt(QR_MARGIN.min, QR_MARGIN.max),
  ecc: z.preprocess((v) => (v === '' ? undefined : typeof v === 'string' ? v.toUpperCase() : v), z.enum(QR_ECC, { error: 'must be one of: L, M, Q, H.' }).optional()),
  logo: bool01.optional(),
};

/** GET /links/{id}/qr: what is not given comes from the account's default style. */
export const qrQuerySchema = z.object({ format: queryEnum(QR_FORMATS, 'png'), ...styleFields });
export type QrQuery = z.output<typeof qrQuerySchema>;

/** PUT /account/qr-style: a whole style (missing fields get the built-in defaults). */
export const qrStyleSchema = z
  .object(styleFields)
  .transform((s): QrStyle => ({
    fg: s.fg ?? DEFAULT_QR_STYLE.fg,
    bg: s.bg ?? DEFAULT_QR_STYLE.bg,
    size: s.size ?? DEFAULT_QR_STYLE.size,
    margin: s.margin ?? DEFAULT_QR_STYLE.margin,
    ecc: s.ecc ?? (s.logo ? 'H' : DEFAULT_QR_STYLE.ecc),
    logo: s.logo ?? false,
  }))
  .superRefine(checkQrStyle);

/** The style a request gets: its fields over the account's default (a logo raises the default ecc to H). */
export function resolveQrStyle(q: Partial<Omit<QrQuery, 'format'>>, saved: QrStyle): QrStyle {
  const logo = q.logo ?? saved.logo;
  const ecc = q.ecc ?? (logo && (saved.ecc === 'L' || saved.ecc === 'M') ? 'H' : saved.ecc);
  return { fg: q.fg ?? saved.fg, bg: q.bg ?? saved.bg, size: q.size ?? saved.size, margin: q.margin ?? saved.margin, ecc, logo };
}

/** The account's style as GET /account/qr-style shows it (objects/qr-style.object.ts, named `QrStyle` in the API document). */
export type QrStyleBody = z.output<typeof qrStyleObject>;
