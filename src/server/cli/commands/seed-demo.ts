import { z } from 'zod';
import { seedDemo } from '../../modules/demo/demo-seed-service.ts';
import { type CliCommand, parseOptions } from '../cli-command.ts';
import { CLI_INVOCATION } from '../cli-usage.ts';

export const seedDemoCommand: CliCommand = {
  name: 'seed-demo',
  summary:
    'Loads demo data: "Demo Organization", the inventory types "Life Inventory" (the inventory wizard) ' +
    'and "Family Stories", two products, and a few unassigned records for the organization. ' +
    'Running it again creates nothing twice.',
  options: {},
  prepare: (values) => {
    parseOptions(z.object({}).strict(), values);
    return async ({ db, out }) => {
      const items = await seedDemo(db);
      for (const item of items) {
        const detail = item.detail ? ` (${item.detail})` : '';
        out.info(`${item.created ? 'Created' : 'Already there'}: ${item.kind} "${item.name}"${detail}`);
      }
      const created = items.filter((item) => item.created).length;
      out.info(
        created === 0 ? 'Nothing new: the demo data was already loaded.' : `Created ${created} items.`,
      );
      out.info(
        `Next: ${CLI_INVOCATION} create-user --email … --name … --password … --role customer --organization "Demo Organization"`,
      );
    };
  },
};
