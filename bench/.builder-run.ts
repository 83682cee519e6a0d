import fs from 'node:fs';
import { renderBuilderConsole, renderBuilderSection, runBuilderBench } from './builder-screen.ts';

const bench = await runBuilderBench();
console.log(renderBuilderConsole(bench));
fs.writeFileSync('/tmp/builder-section.md', renderBuilderSection(bench));
