// The account's default QR style as GET/PUT /account/qr-style and the QR logo operations answer it;
// `QrStyleBody` and `QrStyle` (qr.schema.ts) are this schema's types.
import { z } from 'zod';
import { QR_ECC, QR_MARGIN, QR_SIZE } from '../enums';

const colour = (description: string) => z.string().regex(/^#[0-9a-f]{6}$/).meta({ description, examples: ['#000000'] });

export const qrStyleObject = z
  .object({
    fg: colour('Colour of the modules (`#rrggbb`).'),
    bg: colour('Background colour (`#rrggbb`); it must contrast with `fg` at least 3:1.'),
    size: z.number().int().min(QR_SIZE.min).max(QR_SIZE.max).meta({ description: 'Width and height of a PNG, in pixels.' }),
    margin: z.number().int().min(QR_MARGIN.min).max(QR_MARGIN.max).meta({ description: 'Quiet zone around the code, in modules.' }),
    ecc: z.enum(QR_ECC).meta({ description: 'Error correction level; Q or H with a logo.' }),
    logo: z.boolean().meta({ description: "Put the account's logo in the middle." }),
    has_logo: z.boolean().meta({ description: 'Whether the account has uploaded a logo (PUT /account/qr-logo).' }),
  })
  .meta({ id: 'QrStyle', description: "The account's default style of QR codes: what GET /links/{id}/qr uses for the parameters it is not given." });
