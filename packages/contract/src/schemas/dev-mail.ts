/** The developer mailbox (GET /api/dev/mailbox, loopback only, never in production). */
import { z } from '../zod';
import { timestampField } from './view-row';

/** One row of GET /api/dev/mailbox: a mail of the outbox, newest first. */
export const devMailRow = z.object({
  id: z.int(),
  /** The recipient's address. */
  to: z.string(),
  subject: z.string(),
  /** The plain-text body, and the HTML one when the mail has it. */
  text: z.string(),
  html: z.string().nullable(),
  created_at: timestampField(),
});
export type DevMail = z.infer<typeof devMailRow>;
