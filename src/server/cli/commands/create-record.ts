import { z } from 'zod';
import { emailSchema } from '../../modules/identity/account-rules.ts';
import {
  createRecordForClient,
  RecordProvisioningError,
} from '../../modules/records/record-provisioning-service.ts';
import { type CliCommand, CommandFailure, parseOptions } from '../cli-command.ts';

const inputSchema = z.object({
  'client-email': emailSchema,
  type: z.string().trim().min(1, 'Enter the inventory type name.'),
  organization: z.string().trim().min(1, 'Enter the organization name.').optional(),
});

export const createRecordCommand: CliCommand = {
  name: 'create-record',
  summary:
    'Creates a record of an inventory type owned by an existing user (no invitation, no credit used). ' +
    'Prints the new record id.',
  options: {
    'client-email': {
      type: 'string',
      value: 'E',
      description: 'E-mail address of the owner.',
      required: true,
    },
    type: { type: 'string', value: 'NAME', description: 'Exact name of the inventory type.', required: true },
    organization: {
      type: 'string',
      value: 'NAME',
      description: "Exact name of the record's organization (default: the owner's).",
    },
  },
  prepare: (values) => {
    const input = parseOptions(inputSchema, values);
    return async ({ db, config, out }) => {
      try {
        const record = await createRecordForClient(db, {
          clientEmail: input['client-email'],
          inventoryTypeName: input.type,
          organizationName: input.organization,
        });
        out.info(
          `Created record ${record.id}: "${record.inventoryTypeName}" owned by ${input['client-email']}` +
            (record.organizationName ? `, organization "${record.organizationName}".` : ', no organization.'),
        );
        out.info(`It opens at ${config.publicUrl}/#/record/${record.id}`);
      } catch (error) {
        if (error instanceof RecordProvisioningError) throw new CommandFailure(error.message);
        throw error;
      }
    };
  },
};
