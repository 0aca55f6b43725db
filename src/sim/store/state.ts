/** The sandbox's own facts kept with the records: a fresh set, and the shape a data file's must have. */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ChosenProfileSchema } from '../profile-choice.js';
import type { SandboxState } from './records.js';

export function freshState(seedAnchor: string, clockOffsetMs = 0): SandboxState {
  return { clockOffsetMs, seedAnchor, callbackKey: randomBytes(32).toString('hex') };
}

export const SandboxStateSchema = z.strictObject({
  clockOffsetMs: z.number().int(),
  seedAnchor: z.iso.date(),
  callbackKey: z.string().regex(/^[0-9a-f]{64}$/),
  profile: ChosenProfileSchema.optional(),
});
