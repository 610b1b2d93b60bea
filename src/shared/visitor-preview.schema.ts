// GET /api/v1/visitor: what the redirect would make of a pasted User-Agent, IP address and Accept-Language
// (the targeting preview's "paste a real request"). An addition to the seed.
import { z } from 'zod';
import type { visitorPreviewObject } from './objects/visitor.object';

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();
const isIp = (v: string) => ipv4.safeParse(v).success || ipv6.safeParse(v).success;

/** Empty, an IPv4 dotted quad or an IPv6 address (zod's own checks), nothing else. */
const ipField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: 'must be a string.' })
    .refine((v) => v === '' || isIp(v), { error: 'must be an IPv4 or IPv6 address.' })
    .optional(),
);

const text = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: 'must be a string.' }).max(max, { error: `must not be greater than ${max} characters.` }).optional());

export const visitorPreviewQuerySchema = z.object({
  user_agent: text(1024),
  ip: ipField,
  accept_language: text(512),
});

export type VisitorPreviewQuery = z.output<typeof visitorPreviewQuerySchema>;

/**
 * The answer's data (named `VisitorPreview` in the API document; the schema lives in objects/visitor.object.ts):
 * the targeting fields of a Visitor, and whether it is a known bot (redirected like anyone, not counted).
 */
export type ResolvedVisitor = z.output<typeof visitorPreviewObject>;
