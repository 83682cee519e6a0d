import { z } from 'zod';
import { sendNextReminderNow } from '../../modules/reminders/reminder-operations.ts';
import { type CliCommand, CommandFailure, parseOptions } from '../cli-command.ts';

const inputSchema = z.object({ record: z.uuid('Enter the record id (a UUID).') });

/**
 * Issue 43: the next reminder of a record goes now rather than at its time (an operator trying the
 * mail path, the browser test). It goes through the same job, so every rule still applies: nothing
 * after Complete & Send, nothing while the person typed in the last 2 days, once per period.
 */
export const sendReminderNowCommand: CliCommand = {
  name: 'send-reminder-now',
  summary: "Sends a record's next scheduled reminder now (its rules still apply).",
  options: {
    record: { type: 'string', value: 'ID', description: 'The record id.', required: true },
  },
  prepare: (values) => {
    const input = parseOptions(inputSchema, values);
    return async ({ db, out }) => {
      if (!(await sendNextReminderNow(db, input.record)))
        throw new CommandFailure(`Record ${input.record} has no reminder waiting to be sent.`);
      out.info(`The next reminder of record ${input.record} is being sent now.`);
    };
  },
};
