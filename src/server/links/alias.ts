import { randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function randomAlias(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

/** A random alias of at least 6 characters, one longer after every few collisions. */
export async function generateAlias(taken: (alias: string) => Promise<boolean>): Promise<string> {
  for (let length = 6; length < 32; length++) {
    for (let attempt = 0; attempt < 4; attempt++) {
      const alias = randomAlias(length);
      if (!(await taken(alias))) return alias;
    }
  }
  throw new Error('could not generate a free alias');
}
