import { z } from 'zod';

/**
 * A person's name as registration and the counseling form take it: plain text an institute may print in a
 * greeting. Letters of any script (with their combining marks), spaces and the punctuation names use
 * (. ' ’ -), starting with a letter; no digits, no other symbols, and nothing shaped like a web address
 * (letters, a dot, letters: `www.example.com`), so the form cannot carry a link or a message of an
 * attacker's into an email. At most 100 characters.
 */
const NAME_CHARACTERS = /^\p{L}[\p{L}\p{M} .'’-]*$/u;
const DOMAIN_LIKE = /\p{L}{2,}\.\p{L}{2,}/u;

export const NAME_MESSAGES = {
  characters: (label: string) => `${label} may contain only letters, spaces and . ' - (no digits or links).`,
  tooLong: (label: string) => `${label} must be at most 100 characters.`,
};

export const personName = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.`, abort: true })
    .max(100, { error: NAME_MESSAGES.tooLong(label), abort: true })
    .regex(NAME_CHARACTERS, { error: NAME_MESSAGES.characters(label), abort: true })
    .refine((name) => !DOMAIN_LIKE.test(name), NAME_MESSAGES.characters(label));
