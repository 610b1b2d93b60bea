// The link object as the API answers it; `Link` (link.schema.ts) is this schema's type.
import { z } from 'zod';
import { PIXEL_TYPES, TARGETS_TYPES } from '../enums';
import { flag, rowId, timestamp } from './common.object';
import { LINK_STATUS_DESCRIPTION } from '../link-status';

const nullableText = () => z.string().nullable();

export const linkTagObject = z
  .object({ id: rowId(), name: z.string(), color: z.number().int().meta({ description: 'A colour index of the palette, 1 to 6.' }) })
  .meta({ id: 'LinkTag', description: "A tag as a link carries it; `GET /tags` lists them with each tag's link count." });

export const linkObject = z
  .object({
    id: rowId(),
    alias: z.string().meta({ examples: ['spring-sale'] }),
    url: z.string().meta({ description: 'The destination, with its UTM parameters.', examples: ['https://shop.example.com/spring?utm_source=newsletter'] }),
    short_url: z.string().meta({ examples: ['https://go.example.com/spring-sale'] }),
    title: nullableText(),
    status: z
      .union([z.literal(1), z.literal(2), z.literal(3)])
      .meta({ description: LINK_STATUS_DESCRIPTION }),
    disabled: flag(),
    targets_type: z.enum(TARGETS_TYPES).nullable(),
    targets: z
      .array(z.object({ key: z.string(), value: z.string() }))
      .meta({ description: 'Rules in order: `key` a continent, country, OS, browser, language or device (or a rotation weight), `value` its destination.' }),
    sensitive_content: flag(),
    privacy: z.union([z.literal(0), z.literal(1), z.literal(2)]).meta({ description: '0 public stats, 1 private, 2 password-protected stats.' }),
    password: z.boolean().meta({ description: 'Whether the stats page asks for a password (never the password itself).' }),
    redirect_password: z.boolean().meta({ description: 'Whether visitors must enter a password before the redirect.' }),
    active_period_start_at: timestamp().nullable(),
    active_period_end_at: timestamp().nullable(),
    clicks_limit: z.number().int().nullable(),
    expiration_url: nullableText(),
    utm_source: nullableText(),
    utm_medium: nullableText(),
    utm_campaign: nullableText(),
    utm_term: nullableText(),
    utm_content: nullableText(),
    og_title: nullableText().meta({ description: 'Social card headline shown to known social crawlers.' }),
    og_description: nullableText(),
    og_image: nullableText(),
    clicks: z.number().int().meta({
      description:
        'Every click of the link: those counted here plus `imported_clicks` (its starting count). A `clicks_limit` counts the imported clicks too.',
    }),
    imported_clicks: z.number().int().nonnegative().meta({
      description:
        'Clicks counted by the previous shortener before the import, included in `clicks` (the starting count); 0 when none. They have no dates: analytics shows them apart, as imported before `imported_at`.',
    }),
    imported_at: timestamp().nullable().meta({ description: 'When `imported_clicks` were imported; null when there are none.' }),
    space: z.object({ id: rowId(), name: z.string(), color: z.number().int() }).nullable(),
    domain: z.object({ id: rowId(), name: z.string(), url: z.string() }).nullable(),
    pixels: z.array(z.object({ id: rowId(), name: z.string(), type: z.enum(PIXEL_TYPES) })),
    tags: z.array(linkTagObject).meta({ description: 'Sorted by name.' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Link', description: 'A short link.' });
