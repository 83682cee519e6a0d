import type { CliCommand } from './cli-command.ts';

export const CLI_INVOCATION = 'npm run cli --';
const WIDTH = 100;

/** `create-user --email E --name N [--organization NAME]`: options as typed, optional ones bracketed. */
export function synopsis(command: CliCommand): string {
  const parts = Object.entries(command.options).map(([name, spec]) => {
    const text = spec.type === 'string' ? `--${name} ${spec.value ?? 'VALUE'}` : `--${name}`;
    return spec.required ? text : `[${text}]`;
  });
  return [command.name, ...parts].join(' ');
}

/** The command's description, options and notes, without the usage line. */
export function commandDetails(command: CliCommand): string[] {
  const rows = Object.entries(command.options).map(([name, spec]) => {
    const flag = spec.type === 'string' ? `--${name} ${spec.value ?? 'VALUE'}` : `--${name}`;
    return [flag, spec.description] as const;
  });
  const width = Math.max(0, ...rows.map(([flag]) => flag.length));
  return [
    ...wrap(command.summary, WIDTH),
    ...(rows.length > 0 ? ['', ...rows.map(([flag, text]) => `  ${flag.padEnd(width)}  ${text}`)] : []),
    ...(command.notes && command.notes.length > 0 ? ['', ...command.notes] : []),
  ];
}

export function commandUsage(command: CliCommand): string {
  return [`Usage: ${CLI_INVOCATION} ${synopsis(command)}`, '', ...commandDetails(command)].join('\n');
}

export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}
